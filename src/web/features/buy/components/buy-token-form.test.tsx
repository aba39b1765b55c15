// Buy Token's swap button (issue 28): it converts the amount to the same purchase in the other unit
// (250 PRE ⇄ 2.5 USDT), keeping the tokens, the level and the bonus; it never reinterprets the number.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { Sale } from '@/contracts/sale';
import { rateFromPrice } from '@/domain/usd-price';
import { liveSale } from '@/test/live-sale';
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
    render(<BuyTokenForm sale={sale} cryptos={cryptos} receivedAt={now} />);
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
    render(<BuyTokenForm sale={sale} cryptos={cryptos} receivedAt={now} />);
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
    render(<BuyTokenForm sale={sale} cryptos={[...cryptos, crypto('TST', '10')]} receivedAt={now} />);
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
