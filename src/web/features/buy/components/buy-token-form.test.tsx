// Buy Token's swap button (issue 28): it converts the amount to the same purchase in the other unit
// (250 PRE ⇄ 2.5 USDT), keeping the tokens, the level and the bonus; it never reinterprets the number.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { Sale } from '@/contracts/sale';
import { liveSale } from '@/test/live-sale';
import { BuyTokenForm } from './buy-token-form';

const now = Date.now();
const sale: Sale = liveSale({}, now);
const crypto = (code: string, rate: string): PublicCrypto => ({
  code,
  name: `${code} coin`,
  network: 'evm',
  chainId: 1,
  tokenContract: null,
  decimals: 6,
  rate,
  rateUpdatedAt: new Date(now).toISOString(),
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  iconUrl: '/crypto/usdt.svg',
});
// 100 PRE per USDT (USDT at $1, PRE at $0.01); 300,000 PRE per ETH.
const cryptos = [crypto('USDT', '100'), crypto('ETH', '300000')];

describe('Buy Token swap', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('converts 250 PRE to 2.5 USDT and back, the same purchase at the same level', async () => {
    const user = userEvent.setup();
    render(<BuyTokenForm sale={sale} cryptos={cryptos} />);
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
    render(<BuyTokenForm sale={sale} cryptos={cryptos} />);
    const amount = screen.getByLabelText('Amount', { selector: 'input' });
    await user.click(screen.getByRole('button', { name: /^USDT/ }));
    await user.click(screen.getByRole('button', { name: 'Swap amount currency' }));
    await user.type(amount, '30');
    await user.click(screen.getByRole('button', { name: /^ETH/ }));
    expect(amount).toHaveValue('0.01');
    expect(screen.getByRole('region', { name: 'Your purchase' })).toHaveTextContent('You receive3,000 PRE');
  });
});
