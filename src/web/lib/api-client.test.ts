// The browser's calls are built from the contract's endpoint keys: these tests pin the requests
// they become and the query keys derived from them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall, ApiError, queryKeyOf, queryKeyUnder } from './api-client';

function serve(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('fills path parameters, encoded, and answers with the JSON', async () => {
    const fetchMock = serve({ id: 'a b' });
    const order = await apiCall('GET /api/orders/:orderToken', { params: { orderToken: 'a b' } });
    expect(order.id).toBe('a b');
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/a%20b', expect.objectContaining({ method: 'GET' }));
  });

  it('sends the query in its given order, leaving out empty filters', async () => {
    const fetchMock = serve({ orders: [], total: 0, page: 2, pageSize: 20 });
    await apiCall('GET /api/admin/orders', { query: { status: undefined, page: 2, pageSize: 20, sort: 'tokens', dir: 'asc', q: '' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/orders?page=2&pageSize=20&sort=tokens&dir=asc', expect.anything());
  });

  it('sends the body as JSON with extra headers, and {} for a POST without one', async () => {
    const fetchMock = serve({ ok: true });
    await apiCall('POST /api/orders', { body: { crypto: 'BTC', tokens: '100' }, headers: { 'Idempotency-Key': 'key-12345678' } });
    await apiCall('POST /api/auth/logout');
    await apiCall('DELETE /api/admin/pixels/:id', { params: { id: 7 } });
    const [create, logout, remove] = fetchMock.mock.calls.map(([path, init]) => ({ path, method: init?.method, body: init?.body, headers: init?.headers }));
    expect(create).toMatchObject({ path: '/api/orders', method: 'POST', body: '{"crypto":"BTC","tokens":"100"}', headers: { 'Idempotency-Key': 'key-12345678' } });
    expect(logout).toMatchObject({ path: '/api/auth/logout', method: 'POST', body: '{}' });
    expect(remove).toMatchObject({ path: '/api/admin/pixels/7', method: 'DELETE', body: undefined });
  });

  it('throws the error body as an ApiError', async () => {
    serve({ error: { code: 'not_found', message: "Transaction doesn't exist." } }, 404);
    await expect(apiCall('GET /api/orders/:orderToken', { params: { orderToken: 'x' } })).rejects.toEqual(new ApiError(404, 'not_found', "Transaction doesn't exist."));
  });
});

describe('queryKeyOf', () => {
  it('nests an item under its list and every back-office query under one key', () => {
    const list = queryKeyOf('GET /api/orders');
    const item = queryKeyOf('GET /api/orders/:orderToken', { params: { orderToken: 'AbC' } });
    expect(list).toEqual(['orders']);
    expect(item).toEqual(['orders', 'AbC']);
    expect(queryKeyOf('GET /api/admin/users/:id', { params: { id: 5 } }).slice(0, 2)).toEqual(queryKeyOf('GET /api/admin/users'));
    expect(queryKeyOf('GET /api/admin/me').slice(0, 1)).toEqual(queryKeyUnder('/api/admin'));
  });

  it('tells queries apart by their filters, and not by filters left empty', () => {
    const page = (q: string) => queryKeyOf('GET /api/admin/users', { query: { page: 1, pageSize: 20, q } });
    expect(page('')).toEqual(['admin', 'users', '?page=1&pageSize=20']);
    expect(page('ann')).not.toEqual(page(''));
  });
});
