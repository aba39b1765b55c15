// The dashboard's "stage is ending" notice (issue 30): only when the stage on sale ends within 24 hours
// or has under 5 % of its capacity left, each with its real figure; never otherwise.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicStage, Sale } from '@/contracts/sale';
import { liveSale, saleStage } from '@/test/live-sale';
import { renderWithProviders } from '@/web/test/render';
import { StageEndingNotice, stageEndingLines } from './stage-ending-notice';

const now = Date.parse('2026-11-25T12:00:00.000Z');
const MINUTE = 60_000;

function saleWith(current: Partial<PublicStage>, overrides: Partial<Sale> = {}): Sale {
  return liveSale(
    {
      stages: [
        saleStage({ number: 1, priceUsd: '0.01', allocation: '100000', capacity: '100000', tokensSold: '100000', tokensLeft: '0', closedAt: new Date(now - 60 * MINUTE).toISOString(), closeReason: 'sold_out', state: 'closed' }),
        saleStage({ number: 2, name: 'Stage 2', priceUsd: '0.0105', allocation: '100000', capacity: '100000', tokensLeft: '50000', state: 'current', ...current }),
        saleStage({ number: 3, name: 'Stage 3', priceUsd: '0.011', allocation: '100000', capacity: '100000', tokensLeft: '100000', state: 'upcoming' }),
      ],
      currentStage: 2,
      ...overrides,
    },
    now,
  );
}

describe('stage ending notice', () => {
  it('names the time left when the stage ends within 24 hours', () => {
    expect(stageEndingLines(saleWith({ endsAt: new Date(now + (5 * 60 + 12) * MINUTE).toISOString() }))).toEqual(['Stage 2 ends in 5 h 12 min.']);
    expect(stageEndingLines(saleWith({ endsAt: new Date(now + 24 * 60 * MINUTE).toISOString() }))).toEqual(['Stage 2 ends in 24 h 0 min.']);
    expect(stageEndingLines(saleWith({ endsAt: new Date(now + 12 * MINUTE).toISOString() }))).toEqual(['Stage 2 ends in 12 min.']);
  });

  it('is not shown when the end is further than 24 hours', () => {
    expect(stageEndingLines(saleWith({ endsAt: new Date(now + 24 * 60 * MINUTE + MINUTE).toISOString() }))).toBeNull();
    expect(stageEndingLines(saleWith({ endsAt: null }))).toBeNull();
  });

  it('names what is left when under 5 % of the capacity is, and not at 5 %', () => {
    expect(stageEndingLines(saleWith({ tokensLeft: '4999.999999' }))).toEqual(['Only 4,999.999999 PRE left in Stage 2 at $0.0105.']);
    expect(stageEndingLines(saleWith({ tokensLeft: '4200' }))).toEqual(['Only 4,200 PRE left in Stage 2 at $0.0105.']);
    expect(stageEndingLines(saleWith({ tokensLeft: '5000' }))).toBeNull();
    // Tokens rolled in raise the capacity: 5 % of 120,000 is 6,000.
    expect(stageEndingLines(saleWith({ capacity: '120000', tokensLeft: '5500' }))).toEqual(['Only 5,500 PRE left in Stage 2 at $0.0105.']);
  });

  it('says both when both hold', () => {
    expect(stageEndingLines(saleWith({ tokensLeft: '100', endsAt: new Date(now + 90 * MINUTE).toISOString() }))).toEqual(['Stage 2 ends in 1 h 30 min.', 'Only 100 PRE left in Stage 2 at $0.0105.']);
  });

  it('is never shown for a sale in one stage, or one not on sale', () => {
    const single = liveSale({ stages: [saleStage({ tokensLeft: '10', endsAt: new Date(now + MINUTE).toISOString() })] }, now);
    expect(stageEndingLines(single)).toBeNull();
    const low = { tokensLeft: '10' };
    expect(stageEndingLines(saleWith(low, { state: 'upcoming' }))).toBeNull();
    expect(stageEndingLines(saleWith(low, { state: 'ended' }))).toBeNull();
  });

  it('can be dismissed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StageEndingNotice lines={['Only 4,200 PRE left in Stage 2 at $0.0105.']} />);
    expect(screen.getByRole('status')).toHaveTextContent('The current stage is endingOnly 4,200 PRE left in Stage 2 at $0.0105.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
