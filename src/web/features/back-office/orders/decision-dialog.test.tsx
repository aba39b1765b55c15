// Approving an order says whether anything shows it was paid: a buyer's transaction hash or a payment
// the watcher saw. Without either the dialog says so, and the approval stays possible (issue 28).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import { adminOrder } from '@/web/test/admin-order';
import { renderWithProviders } from '@/web/test/render';
import { DecisionDialog } from './decision-dialog';

const ORDER: AdminOrder = adminOrder({
  status: 'pending',
  tokens: '100',
  bonusTokens: '0',
  payAmount: '1',
  usdAmount: '1',
  pieces: [{ stage: 1, stageName: 'Stage 1', tokens: '100', priceUsd: '0.01', payAmount: '1', rate: '100', usdAmount: '1' }],
  decidedAt: null,
  decidedBy: null,
});

/** 2,000 tokens at $0.01 (100 per USDT) and 500 at $0.0125 (80 per USDT): 26.25 USDT. */
const TWO_STAGES: AdminOrder = {
  ...ORDER,
  tokens: '2500',
  bonusTokens: '300',
  payAmount: '26.25',
  usdAmount: '26.25',
  pieces: [
    { stage: 1, stageName: 'Stage 1', tokens: '2000', priceUsd: '0.01', payAmount: '20', rate: '100', usdAmount: '20' },
    { stage: 2, stageName: 'Stage 2', tokens: '500', priceUsd: '0.0125', payAmount: '6.25', rate: '80', usdAmount: '6.25' },
  ],
};

const WAITING: NonNullable<AdminOrder['payment']> = { received: '0', verdict: 'waiting', excess: '0', reverted: false, excessDecision: null };

function renderDialog(order: AdminOrder, decision: 'approve' | 'reject' = 'approve') {
  renderWithProviders(<DecisionDialog order={order} decision={decision} onClose={() => undefined} />);
  return screen.getByRole('dialog', { name: decision === 'approve' ? 'Approve payment' : 'Reject payment' });
}

describe('the approve dialog', () => {
  it('says "No payment evidence" when the order has no hash and the watcher saw nothing, and still approves', () => {
    const dialog = renderDialog(ORDER);
    expect(within(dialog).getByText('No payment evidence')).toBeInTheDocument();
    expect(within(dialog).getByText(/The buyer attached no transaction hash and no payment was seen/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('says it too for a deposit address that received nothing', () => {
    expect(within(renderDialog({ ...ORDER, payment: WAITING })).getByText('No payment evidence')).toBeInTheDocument();
  });

  it('says nothing of evidence when a hash is attached', () => {
    expect(within(renderDialog({ ...ORDER, txHash: '0xabc' })).queryByText('No payment evidence')).not.toBeInTheDocument();
  });

  it('says nothing of evidence for a payment the watcher saw', () => {
    expect(within(renderDialog({ ...ORDER, payment: { ...WAITING, verdict: 'unconfirmed' } })).queryByText('No payment evidence')).not.toBeInTheDocument();
  });

  it('says nothing of evidence when rejecting', () => {
    expect(within(renderDialog(ORDER, 'reject')).queryByText('No payment evidence')).not.toBeInTheDocument();
  });

  it("credits a short payment at the order's stage prices: the first piece whole and part of the second, shown piece by piece", () => {
    const dialog = renderDialog({ ...TWO_STAGES, payment: { ...WAITING, received: '23', verdict: 'underpaid' } });
    expect(within(dialog).getByRole('radio', { name: /^The order as placed: 2,500 tokens \+ 300 bonus for 26\.25 USDT \(2,000 at \$0\.0100 \+ 500 at \$0\.0125\)$/ })).not.toBeChecked();
    // 20 USDT buys stage 1's 2,000; the other 3 buy 240 at stage 2's 80 per USDT; 12 % bonus on 2,240.
    expect(within(dialog).getByRole('radio', { name: "What arrived at the order's rate: 23 USDT buys 2,240 tokens + 268.8 bonus (2,000 at $0.0100 + 240 at $0.0125)" })).toBeChecked();
  });
});
