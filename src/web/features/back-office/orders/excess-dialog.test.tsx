// Crediting an overpayment's excess says what it adds, as the server credits it: the tokens it buys
// at the price of the order's last piece, into that stage.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import { adminOrder } from '@/web/test/admin-order';
import { renderWithProviders } from '@/web/test/render';
import { ExcessDialog } from './excess-dialog';

/** 2,000 tokens at $0.01 (100 per USDT) and 500 at $0.0125 (80 per USDT): 26.25 USDT, and 1 USDT more arrived. */
const ORDER: AdminOrder = adminOrder({
  payAmount: '26.25',
  usdAmount: '26.25',
  pieces: [
    { stage: 1, stageName: 'Stage 1', tokens: '2000', priceUsd: '0.01', payAmount: '20', rate: '100', usdAmount: '20' },
    { stage: 2, stageName: 'Stage 2', tokens: '500', priceUsd: '0.0125', payAmount: '6.25', rate: '80', usdAmount: '6.25' },
  ],
  decidedBy: 'Automatic',
  payment: { received: '27.25', verdict: 'overpaid', excess: '1', reverted: false, excessDecision: null },
});

describe('the excess dialog', () => {
  it('credits the excess at the last piece\'s price, into its stage, and shows the pieces the order becomes', () => {
    renderWithProviders(<ExcessDialog order={ORDER} action="credit" onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Credit the excess' });
    // 1 USDT at stage 2's 80 per USDT: 80 tokens, and 12 % of them as bonus.
    expect(
      within(dialog).getByText("1 USDT more than order #AbC123 asked arrived from ann@example.com. At the order's rate it buys 80 more tokens and 9.6 more bonus; the order becomes 2,000 at $0.0100 + 580 at $0.0125. This cannot be undone."),
    ).toBeInTheDocument();
  });
});
