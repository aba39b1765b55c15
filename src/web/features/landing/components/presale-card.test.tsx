// The landing's presale card (issue 28): a sale no operator has scheduled opens soon, with no
// countdown and no buy button; a sale's tiny progress reads "< 0.01%", never 0.00 %.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@/contracts/sale';
import { SaleProgressCard } from '@/web/features/dashboard/components/sale-progress-card';
import { liveSale, saleStage } from '@/test/live-sale';
import { renderWithProviders } from '@/web/test/render';
import { PresaleCard } from './presale-card';

const now = Date.now();
const live: Sale = liveSale({ levels: [{ name: 'Bronze', threshold: '40', bonusPercent: '5' }] }, now);

function serve(sale: Sale) {
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/sale') return Response.json(sale);
      if (path === '/api/auth/session') return Response.json({ buyer: null });
      return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    }),
  );
}

function renderCard() {
  // The landing page has no router: the card must work without one.
  renderWithProviders(<PresaleCard heading="The future of digital currency!" subheading="The PRE presale." />, { route: null });
}

describe('presale card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says an unscheduled sale opens soon, with no countdown and no buy button', async () => {
    serve({ ...live, state: 'upcoming', scheduled: false, startsAt: null, endsAt: null });
    renderCard();
    expect(await screen.findByText('The presale opens soon.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/Presale (starts|ends) in/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Purchase Tokens!' })).toBeNull();
  });

  it('counts down to the end of a scheduled live sale and offers the buy button', async () => {
    serve(live);
    renderCard();
    expect(await screen.findByRole('timer', { name: 'Presale ends in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Tokens!' })).toBeInTheDocument();
    expect(screen.getByText('Progress: 0.00%')).toBeInTheDocument();
  });

  it('shows a tiny progress as "< 0.01%", on the landing and on the dashboard', async () => {
    // 5,000 of 100,000,000 tokens: 0.005 %, which the server rounds to 0.01 and 2 decimals cannot show honestly.
    const tiny = { ...live, tokensSold: '5000', progressPercent: '0.01' };
    serve(tiny);
    renderCard();
    expect(await screen.findByText('Progress: < 0.01%')).toBeInTheDocument();
    renderWithProviders(<SaleProgressCard sale={{ ...tiny, tokensSold: '40', progressPercent: '0.00' }} />);
    expect(screen.getByText('< 0.01%')).toBeInTheDocument();
  });

  it('on the dashboard, says why an unscheduled sale cannot be bought', () => {
    renderWithProviders(<SaleProgressCard sale={{ ...live, state: 'upcoming', scheduled: false, startsAt: null, endsAt: null }} />);
    expect(screen.getByText('The presale opens soon: its dates are not set yet, so buying is not open.')).toBeInTheDocument();
  });
});

// Issue 30: a sale in rounds shows the stage on sale, what is left in it with its own bar, the next
// stage's price and the stage's own countdown; a sale in one stage reads as it always did.
describe('presale card with stages', () => {
  // The stage block is a lazy chunk: compiled here before the first test, so that each test waits
  // for what the card shows, not for the test runner to transform the module on a busy machine.
  beforeAll(async () => {
    await import('./stage-figures');
  });

  afterEach(() => vi.unstubAllGlobals());

  const HOUR = 3_600_000;
  const staged = (overrides: Partial<Sale> = {}) =>
    liveSale(
      {
        priceUsd: '0.0105',
        hardCap: '3000000',
        stages: [
          saleStage({ number: 1, name: 'Stage 1', priceUsd: '0.01', allocation: '1000000', capacity: '1000000', tokensSold: '1000000', tokensLeft: '0', closedAt: new Date(now - HOUR).toISOString(), closeReason: 'sold_out', state: 'closed' }),
          saleStage({ number: 2, name: 'Early birds', priceUsd: '0.0105', allocation: '1000000', capacity: '1000000', tokensSold: '700000', tokensLeft: '250000', endsAt: new Date(now + 2 * HOUR).toISOString(), state: 'current' }),
          saleStage({ number: 3, name: 'Stage 3', priceUsd: '0.011', allocation: '1000000', capacity: '1000000', tokensLeft: '1000000', state: 'upcoming' }),
        ],
        currentStage: 2,
        ...overrides,
      },
      now,
    );

  it('shows the stage on sale of all, its name, tokens left with its bar, the next price and its countdown', async () => {
    serve(staged());
    renderCard();
    const stage = await screen.findByRole('region', { name: 'Current stage' });
    expect(within(stage).getByText('Stage 2 of 3')).toBeInTheDocument();
    expect(within(stage).getByText('Early birds')).toBeInTheDocument();
    expect(within(stage).getByText('250,000 PRE left in this stage')).toBeInTheDocument();
    // 750,000 of 1,000,000 taken (700,000 sold, 50,000 pending).
    expect(within(stage).getByRole('progressbar', { name: 'Stage 2 progress' })).toHaveAttribute('aria-valuenow', '75');
    expect(within(stage).getByText('Next price $0.0110')).toBeInTheDocument();
    expect(within(stage).getByRole('timer', { name: 'Stage ends in' })).toHaveTextContent(/^0[12]:\d\d:\d\d$/);
    // The rate line follows the stage; the sale's own bar and countdown stay.
    expect(screen.getByText('1.00 PRE = $0.0105')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sale progress' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Presale ends in' })).toBeInTheDocument();
  });

  it('says nothing of a next price in the last stage, nor counts down a stage with no end', async () => {
    const sale = staged();
    serve({ ...sale, stages: sale.stages.map((s) => (s.number === 2 ? { ...s, endsAt: null } : s)).slice(0, 2) });
    renderCard();
    const stage = await screen.findByRole('region', { name: 'Current stage' });
    expect(within(stage).getByText('Stage 2 of 2')).toBeInTheDocument();
    expect(within(stage).queryByText(/Next price/)).toBeNull();
    expect(within(stage).queryByRole('timer')).toBeNull();
  });

  it('a sale in one stage shows no stage figures', async () => {
    serve(live);
    renderCard();
    expect(await screen.findByRole('timer', { name: 'Presale ends in' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Current stage' })).toBeNull();
    expect(screen.queryByText(/Stage 1 of 1/)).toBeNull();
    expect(screen.queryByText(/Next price/)).toBeNull();
  });

  it('at a stage\'s end shows the next stage at once and asks the server for the sale again', async () => {
    // Stage 2 ended a moment ago by the server's clock: the figures were fetched just before.
    const sale = staged();
    const ended = { ...sale, stages: sale.stages.map((s) => (s.number === 2 ? { ...s, endsAt: new Date(now - 1000).toISOString() } : s)) };
    serve(ended);
    renderCard();
    const stage = await screen.findByRole('region', { name: 'Current stage' });
    expect(within(stage).getByText('Stage 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('1.00 PRE = $0.011')).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.filter(([path]) => path === '/api/sale').length).toBeGreaterThanOrEqual(2));
  });
});
