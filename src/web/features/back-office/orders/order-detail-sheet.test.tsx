// The operator's order sheet (issue 30): an order priced across a stage boundary shows its pieces; a
// campaign bonus the approval did not pay says so (decision 031).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import { adminOrder } from '@/web/test/admin-order';
import { renderWithProviders } from '@/web/test/render';
import { OrderDetailSheet } from './order-detail-sheet';

const ORDER: AdminOrder = adminOrder({
  payAmount: '25.250001',
  usdAmount: '25.25',
  pieces: [
    { stage: 1, stageName: 'Stage 1', tokens: '2000', priceUsd: '0.01', payAmount: '20', rate: '100', usdAmount: '20' },
    { stage: 2, stageName: 'Stage 2', tokens: '500', priceUsd: '0.0105', payAmount: '5.250001', rate: '95.238095', usdAmount: '5.25' },
  ],
  decidedAt: '2026-11-20T10:20:00.000Z',
});

describe('order detail sheet', () => {
  it('shows the pieces of an order priced across stages', () => {
    renderWithProviders(<OrderDetailSheet order={ORDER} onClose={() => undefined} onDecide={() => undefined} />);
    expect(screen.getByText('Stage prices').parentElement).toHaveTextContent('Stage prices2,000 at $0.0100 + 500 at $0.0105');
  });

  it('says nothing of stages for an order in one', () => {
    renderWithProviders(<OrderDetailSheet order={{ ...ORDER, pieces: ORDER.pieces.slice(0, 1) }} onClose={() => undefined} onDecide={() => undefined} />);
    expect(screen.getByText('Rate')).toBeInTheDocument();
    expect(screen.queryByText('Stage prices')).toBeNull();
  });

  it('says when the bonus of the order\'s campaign code was not paid, and why (decision 031)', () => {
    const note = 'Not paid: campaign code ONCE had reached its usage limit (1 use) when this order was approved.';
    renderWithProviders(<OrderDetailSheet order={{ ...ORDER, status: 'approved', campaign: { code: 'ONCE', outcome: 'not_paid', wanted: '250', credited: '0', note } }} onClose={() => undefined} onDecide={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Campaign bonus' })).toHaveTextContent(`CodeONCEOutcomeThe bonus of 250 tokens the quote showed was not paid. ${note}`);
  });
});
