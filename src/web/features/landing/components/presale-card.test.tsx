// The landing's presale card (issue 28): a sale no operator has scheduled opens soon, with no
// countdown and no buy button; a sale's tiny progress reads "< 0.01%", never 0.00 %.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sale } from '@/contracts/sale';
import { SaleProgressCard } from '@/web/features/dashboard/components/sale-progress-card';
import { liveSale } from '@/test/live-sale';
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
