// The buyer's order page once the payment window closed: one message, not "do not pay" beside "add
// your payment" (issue 28).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/contracts/orders';
import { buyerOrder } from '@/web/test/buyer-order';
import { renderWithProviders } from '@/web/test/render';
import { OrderDetails } from './order-details';

const EXPIRED: Order = buyerOrder({ status: 'expired', serverTime: '2026-11-20T11:00:00.000Z' });

function renderOrder(order: Order) {
  renderWithProviders(<OrderDetails order={order} symbol="PRE" receivedAt={Date.parse(order.serverTime)} />);
}

describe('an expired order', () => {
  // The support contact is read from the server; here it never answers.
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
  afterEach(() => vi.unstubAllGlobals());

  it('says once that the window closed, not to pay, and where a payment already sent goes', async () => {
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
    expect(await screen.findByRole('textbox', { name: /transaction hash/i })).toBeInTheDocument();
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

// Issue 32: the wallet ways to pay beside the QR code.
describe('a pending order', () => {
  const ADDR = '0x1111111111111111111111111111111111111111';
  const PENDING: Order = {
    ...EXPIRED,
    status: 'pending',
    crypto: { ...EXPIRED.crypto, code: 'ETH', name: 'Ether' },
    paymentUri: `ethereum:${ADDR}@1?value=1000000000000000000`,
    expiresAt: '2026-11-20T12:00:00.000Z',
  };
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (window as { ethereum?: unknown }).ethereum;
  });

  it('offers the browser wallet, and the QR code’s own URI as the Open in wallet app link', () => {
    renderOrder(PENDING);
    expect(screen.getByRole('button', { name: 'Pay with your wallet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in wallet app' })).toHaveAttribute('href', PENDING.paymentUri);
    expect(screen.getByText(/^Safest: pay with your wallet or scan the QR code/)).toBeInTheDocument();
  });

  it('offers no browser wallet once a hash is attached, nor on a Bitcoin order, whose link is its BIP-21 URI', () => {
    renderOrder({ ...PENDING, txHash: `0x${'ab'.repeat(32)}` });
    expect(screen.queryByRole('button', { name: 'Pay with your wallet' })).not.toBeInTheDocument();
    cleanup();
    const btc = 'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.01';
    renderOrder({ ...PENDING, crypto: { ...PENDING.crypto, network: 'bitcoin', chainId: null, decimals: 8 }, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', paymentUri: btc });
    expect(screen.queryByRole('button', { name: 'Pay with your wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in wallet app' })).toHaveAttribute('href', btc);
    expect(screen.getByText(/^Safest: scan the QR code or open your wallet app/)).toBeInTheDocument();
  });

  it('gives no link for a bare address, which no wallet app opens', () => {
    renderOrder({ ...PENDING, crypto: { ...PENDING.crypto, network: 'tron', chainId: null }, address: 'TXYZ', paymentUri: 'TXYZ' });
    expect(screen.queryByRole('link', { name: 'Open in wallet app' })).not.toBeInTheDocument();
  });

  it('in a wallet’s own browser, puts the wallet before the QR code', () => {
    (window as { ethereum?: unknown }).ethereum = { request: () => Promise.resolve(null) };
    renderOrder(PENDING);
    const wallet = screen.getByRole('button', { name: 'Pay with your wallet' });
    const link = screen.getByRole('link', { name: 'Open in wallet app' });
    expect(wallet.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts the QR code first elsewhere', () => {
    renderOrder(PENDING);
    const wallet = screen.getByRole('button', { name: 'Pay with your wallet' });
    const link = screen.getByRole('link', { name: 'Open in wallet app' });
    expect(link.compareDocumentPosition(wallet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

// Decision 031: a quoted campaign bonus the approval could not pay is said on the order, with why.
describe('an approved order with a campaign code', () => {
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
  afterEach(() => vi.unstubAllGlobals());

  const APPROVED: Order = { ...EXPIRED, status: 'approved', decidedAt: '2026-11-20T10:10:00.000Z' };
  const note = 'Not paid: campaign code ONCE had reached its usage limit (1 use) when this order was approved.';

  it('says the bonus the quote showed was not paid, and why', () => {
    renderOrder({ ...APPROVED, campaign: { code: 'ONCE', outcome: 'not_paid', wanted: '10', credited: '0', note } });
    const section = screen.getByRole('region', { name: 'Campaign code ONCE' });
    expect(section).toHaveTextContent(`The bonus of 10 PRE the quote showed was not paid. ${note}`);
  });

  it('says a paid bonus was paid', () => {
    renderOrder({ ...APPROVED, campaign: { code: 'FULL', outcome: 'credited', wanted: '10', credited: '10', note: '' } });
    expect(screen.getByRole('region', { name: 'Campaign code FULL' })).toHaveTextContent('Bonus of 10 PRE credited, as the quote showed.');
  });

  it('shows nothing without a code', () => {
    renderOrder(APPROVED);
    expect(screen.queryByRole('region', { name: /Campaign code/ })).not.toBeInTheDocument();
  });
});

// Issue 33: USDT on TRON names its network in full, its QR code holds the plain address, and a payment
// seen on the chain shows its confirmations as they come.
describe('a pending order in USDT on TRON', () => {
  beforeEach(() => vi.stubGlobal('fetch', () => new Promise(() => undefined)));
  afterEach(() => vi.unstubAllGlobals());

  const ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
  const TXID = 'ab'.repeat(32);
  const TRON: Order = {
    ...EXPIRED,
    status: 'pending',
    crypto: { code: 'USDTTRC20', name: 'USDT on TRON (TRC-20)', network: 'tron', chainId: null, tokenContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, iconUrl: '/crypto/usdt.svg' },
    address: ADDRESS,
    payAmount: '10',
    paymentUri: ADDRESS,
    txHash: TXID,
    expiresAt: '2026-11-20T11:30:00.000Z',
    payment: { received: '0', remaining: '10', remainderUri: null, required: 19, transfers: [{ txHash: TXID, explorerUrl: `https://tronscan.org/#/transaction/${TXID}`, amount: '10', state: 'seen', confirmations: 4 }], excess: null },
  };

  it('names TRON (TRC-20), shows the address, says why the QR code holds only the address, and counts confirmations', () => {
    renderOrder(TRON);
    expect(screen.getByText('Send this amount to the address below on the TRON (TRC-20) network. Any other amount or network delays your order.')).toBeInTheDocument();
    expect(screen.getAllByText(ADDRESS).length).toBeGreaterThan(0);
    expect(screen.getByText('TRON has no payment link that wallets agree on, so the QR code holds the address alone: copy the amount with its button. Send USDT on TRON (TRC-20) only: the same coin on another network does not reach this address.')).toBeInTheDocument();
    // A bare address opens no wallet app: no link is offered for it.
    expect(screen.queryByRole('link', { name: 'Open in wallet app' })).not.toBeInTheDocument();
    expect(screen.getByText(/4 of 19 confirmations/)).toBeInTheDocument();
  });
});
