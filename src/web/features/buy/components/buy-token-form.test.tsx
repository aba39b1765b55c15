// Buy Token's swap button (issue 28): it converts the amount to the same purchase in the other unit
// (250 PRE ⇄ 2.5 USDT), keeping the tokens, the level and the bonus; it never reinterprets the number.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { Sale } from '@/contracts/sale';
import { rateFromPrice } from '@/domain/usd-price';
import { liveSale, saleStage } from '@/test/live-sale';
import { renderWithProviders } from '@/web/test/render';
import { BuyTokenForm } from './buy-token-form';

const now = Date.now();
const sale: Sale = liveSale({}, now);
// Priced from its USD price, as the server prices each stage: rate = USD price ÷ the stage's price.
const crypto = (code: string, usdPrice: string): PublicCrypto => ({
  code,
  name: `${code} coin`,
  network: 'evm',
  chainId: 1,
  tokenContract: null,
  decimals: 6,
  rate: rateFromPrice(usdPrice, sale.priceUsd) ?? '0',
  usdPrice,
  rateUpdatedAt: new Date(now).toISOString(),
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  iconUrl: '/crypto/usdt.svg',
});
// 100 PRE per USDT (USDT at $1, PRE at $0.01); 300,000 PRE per ETH.
const cryptos = [crypto('USDT', '1'), crypto('ETH', '3000')];

describe('Buy Token swap', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('converts 250 PRE to 2.5 USDT and back, the same purchase at the same level', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BuyTokenForm sale={sale} cryptos={cryptos} receivedAt={now} />);
    const amount = screen.getByLabelText('Amount', { selector: 'input' });
    const swap = screen.getByRole('button', { name: 'Swap amount currency' });
    // Nothing to convert to before a currency is chosen.
    expect(swap).toBeDisabled();

    await user.type(amount, '250');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    expect(panel).toHaveTextContent('You pay2.5 USDT');
    expect(panel).toHaveTextContent('You receive250 PRE');
    const level = within(panel).getByText(/This purchase reaches/).textContent;

    await user.click(swap);
    expect(amount).toHaveValue('2.5');
    expect(amount).toHaveAccessibleDescription('USDT');
    expect(panel).toHaveTextContent('You pay2.5 USDT');
    expect(panel).toHaveTextContent('You receive250 PRE');
    expect(within(panel).getByText(/This purchase reaches/).textContent).toBe(level);

    await user.click(swap);
    expect(amount).toHaveValue('250');
    expect(amount).toHaveAccessibleDescription('PRE');
    expect(panel).toHaveTextContent('You receive250 PRE');
  });

  it('keeps the tokens when the currency changes while the amount counts the currency', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BuyTokenForm sale={sale} cryptos={cryptos} receivedAt={now} />);
    const amount = screen.getByLabelText('Amount', { selector: 'input' });
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    await user.click(screen.getByRole('button', { name: 'Swap amount currency' }));
    await user.type(amount, '30');
    await user.click(screen.getByRole('button', { name: /^ETH/ }));
    expect(amount).toHaveValue('0.01');
    expect(screen.getByRole('region', { name: 'Your purchase' })).toHaveTextContent('You receive3,000 PRE');
  });
});

// Moved from the browser suite: the amount field and the limits need no server, only the sale's figures.
describe('Buy Token amount', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('accepts only decimals, and Buy Now! waits for an amount within the limits', async () => {
    const user = userEvent.setup();
    // 1,000 PRE per TST.
    renderWithProviders(<BuyTokenForm sale={sale} cryptos={[...cryptos, crypto('TST', '10')]} receivedAt={now} />);
    const amount = screen.getByLabelText('Amount', { selector: 'input' });
    expect(amount).toHaveValue('');
    expect(amount).toHaveAttribute('placeholder', 'Enter amount');
    await user.type(amount, '1abc');
    expect(amount).toHaveValue('1');
    await user.clear(amount);
    await user.type(amount, '12,5');
    expect(amount).toHaveValue('12.5');

    // Search matches the full name too, whatever the case.
    await user.type(screen.getByLabelText('Search currencies'), 'TST COIN'.toLowerCase());
    const option = screen.getByRole('button', { name: /^TST/ });
    await user.click(option);
    expect(option).toHaveAttribute('aria-pressed', 'true');
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    const buy = within(panel).getByRole('button', { name: 'Buy Now!' });
    // 12.5 tokens are under the minimum.
    expect(panel).toHaveTextContent('You receive12.5 PRE');
    expect(buy).toBeDisabled();
    expect(panel).toHaveTextContent('The minimum order is 40 PRE.');

    // The swap converts the amount to the same purchase in the currency: 12.5 tokens are 0.0125 of it.
    const swap = screen.getByRole('button', { name: 'Swap amount currency' });
    await user.click(swap);
    expect(amount).toHaveValue('0.0125');
    expect(panel).toHaveTextContent('You receive12.5 PRE');
    // 12.5 of the currency is 12,500 tokens.
    await user.clear(amount);
    await user.type(amount, '12.5');
    expect(panel).toHaveTextContent('You receive12,500 PRE');
    expect(buy).toBeEnabled();

    await user.click(swap);
    expect(amount).toHaveValue('12500');
    await user.clear(amount);
    await user.type(amount, '100001');
    expect(buy).toBeDisabled();
    expect(panel).toHaveTextContent('The maximum order is 100,000 PRE.');

    await user.clear(amount);
    expect(buy).toBeDisabled();
    expect(panel).toHaveTextContent('Enter an amount.');

    await user.type(amount, '40');
    expect(buy).toBeEnabled();

    const search = screen.getByLabelText('Search currencies');
    await user.clear(search);
    await user.type(search, 'no-such-currency-zz');
    expect(screen.getByText('No currencies match “no-such-currency-zz”.')).toBeInTheDocument();
  });
});

// Issue 30: a purchase across a stage boundary is priced piece by piece, as the server will store it;
// the panel and the Payment Process dialog show the split; more than the sale has left is refused.
describe('Buy Token across stages', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const HOUR = 3_600_000;
  // 2,000 PRE left in stage 1 at $0.01, then 10,000 in stage 2 at $0.0105.
  const staged = liveSale(
    {
      hardCap: '20000',
      stages: [
        saleStage({ number: 1, name: 'Stage 1', priceUsd: '0.01', allocation: '10000', capacity: '10000', tokensSold: '8000', tokensLeft: '2000', endsAt: new Date(now + HOUR).toISOString(), state: 'current' }),
        saleStage({ number: 2, name: 'Stage 2', priceUsd: '0.0105', allocation: '10000', capacity: '10000', tokensLeft: '10000', state: 'upcoming' }),
      ],
    },
    now,
  );
  const usdt = crypto('USDT', '1');

  it('prices 2,500 PRE as 2,000 at $0.0100 + 500 at $0.0105 and shows the split in the panel and the dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BuyTokenForm sale={staged} cryptos={[usdt]} receivedAt={now} />);
    await user.type(screen.getByLabelText('Amount', { selector: 'input' }), '2500');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    // At $1 per USDT: 2,000 at $0.0100 (20 USDT) and 500 at $0.0105 (5.25 USDT, priced from the USD
    // prices, not from the shown rate of 95.238095 PRE per USDT), the bonus on the whole 2,500.
    expect(panel).toHaveTextContent('You pay25.25 USDT');
    expect(panel).toHaveTextContent('You receive2,500 PRE');
    expect(panel).toHaveTextContent('+300 PRE bonus (12%)');
    expect(panel).toHaveTextContent('Priced across stages: 2,000 at $0.0100 + 500 at $0.0105');
    expect(panel).toHaveTextContent('1 USDT = 100 PRE.');

    await user.click(within(panel).getByRole('button', { name: 'Buy Now!' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Process' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Amount to send25.25 USDTStage prices2,000 at $0.0100 + 500 at $0.0105Tokens2,500 PRE');
  });

  it('the swap keeps a purchase across the boundary', async () => {
    const user = userEvent.setup();
    // Prices whose rates are whole (100 and 80 PRE per USDT), so both directions are exact.
    const even = { ...staged, stages: staged.stages.map((s) => (s.number === 2 ? { ...s, priceUsd: '0.0125' } : s)) };
    renderWithProviders(<BuyTokenForm sale={even} cryptos={[usdt]} receivedAt={now} />);
    const amount = screen.getByLabelText('Amount', { selector: 'input' });
    await user.type(amount, '2500');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    expect(panel).toHaveTextContent('You pay26.25 USDT');
    await user.click(screen.getByRole('button', { name: 'Swap amount currency' }));
    expect(amount).toHaveValue('26.25');
    expect(panel).toHaveTextContent('You receive2,500 PRE');
    expect(panel).toHaveTextContent('Priced across stages: 2,000 at $0.0100 + 500 at $0.0125');
    await user.click(screen.getByRole('button', { name: 'Swap amount currency' }));
    expect(amount).toHaveValue('2500');
  });

  it('shows no split for a purchase within one stage', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BuyTokenForm sale={staged} cryptos={[usdt]} receivedAt={now} />);
    await user.type(screen.getByLabelText('Amount', { selector: 'input' }), '1500');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    expect(panel).toHaveTextContent('You pay15 USDT');
    expect(panel).not.toHaveTextContent('Priced across stages');
    await user.click(within(panel).getByRole('button', { name: 'Buy Now!' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Process' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Amount to send15 USDT');
    expect(dialog).not.toHaveTextContent('Stage prices');
  });

  it('refuses more than the sale has left, with the figure', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BuyTokenForm sale={staged} cryptos={[usdt]} receivedAt={now} />);
    await user.type(screen.getByLabelText('Amount', { selector: 'input' }), '12001');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    expect(panel).toHaveTextContent('This purchase would exceed the tokens left in the sale (12,000 PRE available).');
    expect(within(panel).getByRole('button', { name: 'Buy Now!' })).toBeDisabled();
    // Nothing to convert: the swap waits for a purchase that can be priced.
    expect(screen.getByRole('button', { name: 'Swap amount currency' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Amount', { selector: 'input' }));
    await user.type(screen.getByLabelText('Amount', { selector: 'input' }), '12000');
    expect(within(panel).getByRole('button', { name: 'Buy Now!' })).toBeEnabled();
  });

  it('after the current stage\'s end instant, prices in the next stage with what the ended one passes on', async () => {
    const user = userEvent.setup();
    // Stage 1 ended a second before the server's time; its closing is not recorded yet: its 2,000 roll over.
    const ended = { ...staged, stages: staged.stages.map((s) => (s.number === 1 ? { ...s, endsAt: new Date(now - 1000).toISOString() } : s)) };
    renderWithProviders(<BuyTokenForm sale={ended} cryptos={[usdt]} receivedAt={now} />);
    await user.type(screen.getByLabelText('Amount', { selector: 'input' }), '12000');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    // 12,000 at $0.0105, all in stage 2: 126 USDT.
    expect(panel).toHaveTextContent('You pay126 USDT');
    expect(panel).not.toHaveTextContent('Priced across stages');
    expect(panel).toHaveTextContent('1 USDT = 95.238095 PRE');
  });
});

describe('Buy Token campaign code', () => {
  const usdt = crypto('USDT', '1');
  const ENDED = 'This campaign code has ended.';
  let sent: unknown[] = [];

  beforeEach(() => {
    sent = [];
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (path === '/api/campaign-codes/spring') return Response.json({ code: 'SPRING', buyerPercent: '10' });
        if (path === '/api/campaign-codes/OLD') return Response.json({ error: { code: 'invalid_input', message: ENDED, fields: { campaignCode: ENDED } } }, { status: 400 });
        if (path === '/api/orders' && init?.method === 'POST') {
          sent.push(JSON.parse(init.body as string));
          return Response.json({ error: { code: 'conflict', message: 'The presale is sold out.' } }, { status: 409 });
        }
        return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the code’s bonus in the quote and the dialog, and the order names the code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BuyTokenForm sale={sale} cryptos={[usdt]} receivedAt={now} />);
    await user.type(screen.getByLabelText('Amount', { selector: 'input' }), '1000');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    await user.type(screen.getByLabelText('Campaign code'), 'spring');
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    expect(await within(panel).findByText('+100 PRE campaign bonus (SPRING, 10%)')).toBeInTheDocument();
    expect(screen.getByText('Code SPRING: +10% bonus tokens.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Buy Now!' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Process' });
    expect(dialog).toHaveTextContent('Campaign bonus100 PRE (SPRING, 10%)');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Campaign bonus+100 PRE (SPRING, 10%)');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The presale is sold out.')).toBeInTheDocument();
    expect(sent).toEqual([{ crypto: 'USDT', tokens: '1000', campaignCode: 'SPRING' }]);
  });

  it('shows why a code cannot be used at the field, and holds Buy Now!', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BuyTokenForm sale={sale} cryptos={[usdt]} receivedAt={now} />);
    await user.type(screen.getByLabelText('Amount', { selector: 'input' }), '1000');
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    const field = screen.getByLabelText('Campaign code');
    await user.type(field, 'OLD');
    // At the field, and as the reason beside the held Buy Now!.
    await waitFor(() => expect(field).toHaveAccessibleDescription(ENDED));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const panel = screen.getByRole('region', { name: 'Your purchase' });
    expect(panel).toHaveTextContent(ENDED);
    expect(within(panel).getByRole('button', { name: 'Buy Now!' })).toBeDisabled();
    expect(panel).not.toHaveTextContent('campaign bonus');
    // Without a code the purchase goes on as before.
    await user.clear(field);
    expect(within(panel).getByRole('button', { name: 'Buy Now!' })).toBeEnabled();
  });
});
