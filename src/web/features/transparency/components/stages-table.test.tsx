// The stages on /transparency (decision 031): a stage's tokens sold are its purchases, and the reward
// tokens paid out of it are shown apart, under them, only when there are any.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saleStage } from '@/test/live-sale';
import { renderWithProviders } from '@/web/test/render';
import { StagesTable } from './stages-table';

describe('/transparency stages', () => {
  it('shows the rewards a stage paid apart from its tokens sold', () => {
    renderWithProviders(
      <StagesTable
        symbol="PRE"
        stages={[
          saleStage({ number: 1, allocation: '1000', capacity: '1000', tokensSold: '990', rewardTokens: '10', tokensLeft: '0', closeReason: 'sold_out', state: 'closed' }),
          saleStage({ number: 2, allocation: '5000', capacity: '5000', tokensSold: '200', tokensLeft: '4800' }),
        ]}
      />,
      { route: null },
    );
    const [first, second] = screen.getAllByRole('row').slice(1);
    const sold = (row: HTMLElement | undefined) => within(row as HTMLElement).getAllByRole('cell')[3]?.textContent;
    expect(sold(first)).toBe('990and 10 in rewards');
    expect(sold(second)).toBe('200');
  });
});
