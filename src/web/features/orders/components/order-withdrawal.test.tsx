// The withdrawal right on the buyer's order page (decision 040): the deadline as an instant and the
// Withdraw action while the right is open; the request's state after; nothing to ask after the deadline.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/contracts/orders';
import { renderWithProviders } from '@/web/test/render';
import { formatDateTime } from '@/web/lib/format';
import { OrderWithdrawal } from './order-withdrawal';

const ORDER = { id: 'ord-1', tokens: '1000', crypto: { code: 'ETH' } } as Order;
const DEADLINE = '2026-12-04T10:00:00.000Z';

describe('the withdrawal card', () => {
  it('offers Withdraw until the deadline, shown as an instant', () => {
    renderWithProviders(<OrderWithdrawal order={ORDER} symbol="PRE" withdrawal={{ deadline: DEADLINE, canRequest: true, refusal: null, request: null }} />);
    expect(screen.getByText(`You may withdraw this order until ${formatDateTime(DEADLINE)}.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('after the deadline says it ended and offers nothing', () => {
    renderWithProviders(<OrderWithdrawal order={ORDER} symbol="PRE" withdrawal={{ deadline: DEADLINE, canRequest: false, refusal: null, request: null }} />);
    expect(screen.getByText(`The withdrawal period of this order ended on ${formatDateTime(DEADLINE)}.`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('shows a declined request with the reason, and a completed one with its refund', () => {
    const { unmount } = renderWithProviders(
      <OrderWithdrawal
        order={ORDER}
        symbol="PRE"
        withdrawal={{ deadline: DEADLINE, canRequest: false, refusal: null, request: { state: 'declined', requestedAt: DEADLINE, decidedAt: DEADLINE, declineReason: 'Already delivered.', refund: null } }}
      />,
    );
    expect(screen.getByText('Reason: Already delivered.')).toBeTruthy();
    unmount();
    renderWithProviders(
      <OrderWithdrawal
        order={ORDER}
        symbol="PRE"
        withdrawal={{ deadline: DEADLINE, canRequest: false, refusal: null, request: { state: 'completed', requestedAt: DEADLINE, decidedAt: DEADLINE, declineReason: null, refund: { amount: '0.0033', txHash: '0xabc', note: 'Sent back.' } } }}
      />,
    );
    expect(screen.getByText('0.0033 ETH')).toBeTruthy();
    expect(screen.getByText('0xabc')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });
});
