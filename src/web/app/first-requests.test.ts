import { describe, expect, it } from 'vitest';
import { firstRequests } from './first-requests';

describe('firstRequests', () => {
  it("asks for the order page's order beside the sale, the session and the content", () => {
    expect(firstRequests('/dashboard/transaction', '?order=aB3-x_9')).toEqual(['/api/sale', '/api/auth/session', '/api/content', '/api/orders/aB3-x_9']);
  });

  it('asks for no order without an order number, nor on other pages', () => {
    expect(firstRequests('/dashboard/transaction', '')).toEqual(['/api/sale', '/api/auth/session', '/api/content']);
    expect(firstRequests('/dashboard', '?order=aB3')).toEqual(['/api/sale', '/api/auth/session', '/api/content']);
  });

  it('escapes an order number as the order query does', () => {
    expect(firstRequests('/dashboard/transaction', '?order=a%2Fb')).toEqual(['/api/sale', '/api/auth/session', '/api/content', '/api/orders/a%2Fb']);
  });

  it('lists the cryptocurrencies on the landing page and Buy Token, and nothing for the back-office', () => {
    expect(firstRequests('/')).toContain('/api/cryptos');
    expect(firstRequests('/dashboard/buy-token')).toContain('/api/cryptos');
    expect(firstRequests('/admin/transactions')).toEqual([]);
  });

  it("asks on Buy Token for what its gates read: the buyer's terms, country and identity check", () => {
    expect(firstRequests('/dashboard/buy-token')).toEqual(['/api/sale', '/api/auth/session', '/api/content', '/api/cryptos', '/api/me/terms', '/api/me/country', '/api/me/identity']);
    expect(firstRequests('/')).not.toContain('/api/me/terms');
  });
});
