// The buyer's order page once the payment window closed: one message, not "do not pay" beside "add
// your payment" (issue 28).
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/contracts/orders';
import { renderWithProviders } from '@/web/test/render';
import { OrderDetails } from './order-details';

const EXPIRED: Order = {
  id: 'AbC123',
  status: 'expired',
  crypto: { code: 'USDT', name: 'Tether', network: 'evm', chainId: 1, tokenContract: null, iconUrl: '/crypto/usdt.svg' },
  address: '0x1111111111111111111111111111111111111111',
  tokens: '100',
  bonusTokens: '0',
  payAmount: '1',
  rate: '100',
  usdAmount: '1',
  pieces: [{ stage: 1, stageName: 'Stage 1', tokens: '100', priceUsd: '0.01', payAmount: '1' }],
  paymentUri: 'ethereum:0x1111111111111111111111111111111111111111',
  txHash: null,
  explorerUrl: null,
  expiresAt: '2026-11-20T10:30:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
  payment: null,
  ledger: [],
  serverTime: '2026-11-20T11:00:00.000Z',
};

function renderOrder(order: Order) {
  renderWithProviders(<OrderDetails order={order} symbol="PRE" receivedAt={Date.parse(order.serverTime)} />);
}

describe('an expired order', () => {
  // The support contact is read from the server; here it never answers.
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
  afterEach(() => vi.unstubAllGlobals());

  it('says once that the window closed, not to pay, and where a payment already sent goes', () => {
    renderOrder(EXPIRED);
    expect(screen.getByRole('heading', { level: 1, name: 'Order expired' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The payment window for order #AbC123 closed. Do not send a payment to this order; buy again or contact support. If you already sent one, add its transaction hash below so the team can review it.',
      ),
    ).toBeInTheDocument();
    // No second message that contradicts or repeats it.
    expect(screen.queryByText(/Already sent the payment\?/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/Do not send a payment/)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /transaction hash/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy again' })).toBeInTheDocument();
  });

  it('with a hash already attached, says it will be reviewed instead of asking for one', () => {
    renderOrder({ ...EXPIRED, txHash: '0xabc' });
    expect(screen.getByText('The payment window for order #AbC123 closed. Do not send a payment to this order; buy again or contact support. The transaction hash you added will be reviewed by the team.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /transaction hash/i })).not.toBeInTheDocument();
  });
});

// Issue 30: an order priced across a stage boundary shows its pieces; one in a single stage does not.
describe('an order across stages', () => {
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
  afterEach(() => vi.unstubAllGlobals());

  const SPLIT: Order = {
    ...EXPIRED,
    status: 'approved',
    tokens: '2500',
    payAmount: '25.250001',
    decidedAt: '2026-11-20T10:20:00.000Z',
    pieces: [
      { stage: 1, stageName: 'Stage 1', tokens: '2000', priceUsd: '0.01', payAmount: '20' },
      { stage: 2, stageName: 'Stage 2', tokens: '500', priceUsd: '0.0105', payAmount: '5.250001' },
    ],
  };

  it('shows its pieces beside the rate', () => {
    renderOrder(SPLIT);
    expect(screen.getByText('Stage prices').closest('div')).toHaveTextContent('Stage prices2,000 at $0.0100 + 500 at $0.0105');
  });

  it('an order in one stage has no pieces line', () => {
    renderOrder({ ...EXPIRED, status: 'approved' });
    expect(screen.queryByText('Stage prices')).toBeNull();
  });
});
