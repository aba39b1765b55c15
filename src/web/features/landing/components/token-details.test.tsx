// Token Details (issue 30): a table of every stage with its price, allocation, tokens sold and state;
// on a phone the same figures as one card per stage.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveSale, saleStage } from '@/test/live-sale';
import { formatDateTime } from '@/web/lib/format';
import { renderWithProviders } from '@/web/test/render';
import { TokenDetails } from './token-details';

const now = Date.parse('2026-11-25T12:00:00.000Z');
const closedAt = '2026-11-24T09:30:00.000Z';
const endsAt = '2026-11-28T12:00:00.000Z';
const sale = liveSale(
  {
    stages: [
      saleStage({ number: 1, name: 'Seed', priceUsd: '0.01', allocation: '1000000', capacity: '1000000', tokensSold: '1000000', tokensLeft: '0', closedAt, closeReason: 'sold_out', state: 'closed' }),
      saleStage({ number: 2, name: 'Stage 2', priceUsd: '0.0105', allocation: '2000000', capacity: '2000000', tokensSold: '1234567.5', tokensLeft: '700000', endsAt, state: 'current' }),
      saleStage({ number: 3, name: 'Stage 3', priceUsd: '0.011', allocation: '3000000', capacity: '3000000', tokensLeft: '3000000', state: 'upcoming' }),
    ],
    currentStage: 2,
  },
  now,
);

describe('Token Details stages', () => {
  it('lists every stage with its price, allocation, tokens sold and state', async () => {
    renderWithProviders(<TokenDetails sale={sale} />, { route: null });
    const table = await screen.findByRole('table', { name: 'Sale stages' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Stage', 'Price', 'Allocation', 'Sold', 'State']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Stage 1Seed', '$0.0100', '1,000,000 PRE', '1,000,000 PRE', `ClosedSold out ${formatDateTime(closedAt)}`],
      ['Stage 2', '$0.0105', '2,000,000 PRE', '1,234,567.5 PRE', `On sale nowEnds ${formatDateTime(endsAt)}`],
      ['Stage 3', '$0.0110', '3,000,000 PRE', '0 PRE', 'Upcoming'],
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'step');

    // The phone's cards carry the same figures.
    const cards = within(screen.getByRole('list', { name: 'Sale stages' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent('Stage 2On sale nowPrice$0.0105Allocation2,000,000Sold1,234,567.5');
  });

  it('a sale in one stage has no stage table: its price and hard cap say it all', () => {
    renderWithProviders(<TokenDetails sale={liveSale({}, now)} />, { route: null });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Token price')).toBeInTheDocument();
  });
});
