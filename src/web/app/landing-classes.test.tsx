// The landing page renders without tailwind-merge (lib/utils.ts): `cn` only joins its classes
// there. That is right only while no element gets two classes for the same property, so this
// renders the page in its states (signed out and in, with tokenomics, mobile menu open) and asks
// tailwind-merge whether it would have dropped anything.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { twMerge } from 'tailwind-merge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicContent } from '@/contracts/content';
import type { CurrentDraw } from '@/contracts/draws';
import type { Sale } from '@/contracts/sale';
import { LandingPage } from '@/web/features/landing/components/landing-page';
import { liveSale, saleStage } from '@/test/live-sale';
import { AppProvider, createQueryClient } from './provider';

const now = Date.now();
const sale: Sale = liveSale(
  {
    deliveryNote: 'Tokens are delivered after the sale ends.',
    progressPercent: '12.50',
    tokensSold: '12500000',
    raisedUsd: '125000.00',
    buyers: 42,
    levels: [
      { name: 'Bronze', threshold: '40', bonusPercent: '5' },
      { name: 'Silver', threshold: '200', bonusPercent: '7' },
    ],
    // In rounds, so the stage figures, the stage's countdown and the stages table render too.
    stages: [
      saleStage({ number: 1, name: 'Seed', allocation: '50000000', capacity: '50000000', tokensSold: '12500000', tokensLeft: '0', closedAt: new Date(now - 3_600_000).toISOString(), closeReason: 'ended', state: 'closed' }),
      saleStage({ number: 2, name: 'Stage 2', priceUsd: '0.0105', allocation: '50000000', capacity: '50000000', tokensLeft: '50000000', endsAt: new Date(now + 86_400_000).toISOString(), state: 'current' }),
      saleStage({ number: 3, name: 'Stage 3', priceUsd: '0.011', allocation: '50000000', capacity: '50000000', tokensLeft: '50000000', state: 'upcoming' }),
    ],
    currentStage: 2,
  },
  now,
);
const content = {
  heroHeading: 'The future of digital currency!',
  heroSubheading: 'The Presale Token (PRE) presale.',
  perks: [{ title: 'Bonus tokens by level', text: 'Larger purchases reach higher levels.' }],
  faq: [{ question: 'How do I buy PRE?', answer: 'Register and open Buy Token.' }],
  tokenomics: [
    { label: 'Presale', percent: '40' },
    { label: 'Team', percent: '20' },
  ],
  privacyMarkdown: '',
  termsMarkdown: '',
  documents: [],
  howToBuy: [],
  binanceVideoUrl: null,
  supportContact: 'support@example.com',
  pixels: [],
} satisfies PublicContent;
const cryptos = [{ code: 'ETH', name: 'Ethereum', network: 'evm', chainId: 1, tokenContract: null, decimals: 18, rate: '3000', rateUpdatedAt: new Date(now).toISOString(), address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', iconUrl: '/crypto/eth.svg' }];

const draw: NonNullable<CurrentDraw['draw']> = {
  id: 3,
  title: 'Win a CyberTruck',
  prize: 'A Tesla CyberTruck',
  state: 'open',
  imageUrl: '/api/draws/3/image?v=1',
  rules: { minUsd: '100', from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString(), usdPerEntry: '100', closesAt: new Date(now + 86_400_000).toISOString() },
  commitment: { chain: 'bitcoin', chainId: null, height: 900_200, tipAtCreation: 900_000, confirmations: 2, createdAt: new Date(now - 86_400_000).toISOString() },
  buyers: 7,
  entries: 31,
  winner: null,
  drawnAt: null,
};

function serve(buyer: unknown, current: CurrentDraw['draw'] = null) {
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/sale') return Response.json(sale);
      if (path === '/api/content') return Response.json(content);
      if (path === '/api/cryptos') return Response.json({ cryptos });
      if (path === '/api/auth/session') return Response.json({ buyer });
      if (path === '/api/draws/current') return Response.json({ draw: current });
      return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    }),
  );
}

/** Every element whose class list tailwind-merge would shorten, with what it would drop. */
function conflicts(root: HTMLElement): string[] {
  return [...root.querySelectorAll('[class]')].flatMap((el) => {
    const classes = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(classes.join(' ')).split(' '));
    const dropped = classes.filter((c) => !kept.has(c));
    return dropped.length ? [`<${el.tagName.toLowerCase()} class="${classes.join(' ')}"> drops ${dropped.join(' ')}`] : [];
  });
}

async function renderLanding() {
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <LandingPage />
    </AppProvider>,
  );
  await screen.findByText('The future of digital currency!');
  // The tokenomics chart is a lazily loaded chunk: its first import can take seconds on a busy machine.
  await waitFor(() => expect(screen.getAllByText('Presale').length).toBeGreaterThan(0), { timeout: 15_000 });
  return view;
}

describe('landing page classes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has no conflicting classes signed out, with the mobile menu open', async () => {
    serve(null);
    const { container } = await renderLanding();
    await userEvent.click(screen.getByRole('button', { name: /menu/i }));
    await userEvent.click(screen.getByRole('button', { name: 'How do I buy PRE?' }));
    expect(conflicts(document.body)).toEqual([]);
    expect(container.querySelector('[class]')).not.toBeNull();
  });

  it('shows the prize draw section and its header link only while there is a draw, with the real count', async () => {
    serve(null);
    const { unmount } = await renderLanding();
    expect(document.getElementById('cybertruck')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Win a CyberTruck' })).toBeNull();
    unmount();

    serve(null, draw);
    await renderLanding();
    const section = await screen.findByRole('region', { name: 'Win a CyberTruck' });
    expect(section.id).toBe('cybertruck');
    expect(section).toHaveTextContent('Entries31');
    expect(section).toHaveTextContent('Buyers taking part7');
    expect(section).toHaveTextContent('Bitcoin block 900200');
    expect(within(section).getByRole('img', { name: 'A Tesla CyberTruck' })).toHaveAttribute('src', '/api/draws/3/image?v=1');
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Win a CyberTruck' });
    expect(link).toHaveAttribute('href', '/#cybertruck');
    expect(conflicts(document.body)).toEqual([]);
  });

  it('has no conflicting classes signed in', async () => {
    serve({ id: 1, name: 'Ada', email: 'ada@example.com', phone: '', balance: '0', createdAt: new Date(now).toISOString() });
    await renderLanding();
    expect(conflicts(document.body)).toEqual([]);
  });
});
