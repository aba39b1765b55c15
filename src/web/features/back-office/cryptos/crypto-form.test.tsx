// The crypto form takes a USD price, or a rate in tokens it says it converts at the current token
// price; a Manager sees the fields that decide what counts as a payment, and the wallet, read-only.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCrypto } from '@/contracts/cryptos';
import type { Operator } from '@/contracts/operators';
import { adminSaleKey } from '@/web/api/sale';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { EditCryptoForm } from './crypto-form';

const OWNER = operatorAs('owner');
const MANAGER = operatorAs('manager');

const USDT: AdminCrypto = {
  code: 'USDT',
  name: 'Tether USD (Ethereum)',
  network: 'evm',
  chainId: 1,
  tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  decimals: 6,
  priceFeedId: 'tether',
  rateSource: 'manual',
  rate: '100',
  usdPrice: '1',
  rateUpdatedAt: '2026-11-25T12:00:00.000Z',
  stale: false,
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  enabled: true,
  offered: true,
  iconUrl: '/crypto/usdt.svg',
};

function renderForm(operator: Operator) {
  renderWithProviders(<EditCryptoForm crypto={USDT} onSaved={() => {}} />, { operator, cached: [[adminSaleKey, { priceUsd: '0.01' }]], staleTime: Infinity });
}

function serve() {
  const fetchMock = vi.fn(async (path: string, _init?: RequestInit) => (path === '/api/admin/cryptos/USDT' ? Response.json(USDT) : Response.json({ cryptos: [USDT] })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentBody = (fetchMock: ReturnType<typeof serve>) => {
  const call = fetchMock.mock.calls.find(([path, init]) => path === '/api/admin/cryptos/USDT' && init?.method === 'PUT');
  const body = call?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : undefined;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the crypto form', () => {
  it('shows the USD price, and converts a rate in tokens at the current token price, saying so', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderForm(OWNER);
    expect(screen.getByLabelText('USD price')).toHaveValue('1');
    expect(screen.getByText('= 100 tokens per unit at the current token price $0.01.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('USD price'));
    await user.type(screen.getByLabelText('Or rate in tokens'), '200');
    expect(screen.getByText('= $2.00 at the current token price $0.01; saved as that USD price.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(sentBody(fetchMock)).toBeDefined());
    expect(sentBody(fetchMock)).toMatchObject({ rate: '200', tokenContract: USDT.tokenContract, decimals: 6 });
    expect(sentBody(fetchMock)).not.toHaveProperty('usdPrice');
  });

  it('shows a Manager the network, contract, decimals and wallet read-only, and sends them as they are', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderForm(MANAGER);
    for (const label of ['Network', 'Chain id', 'Token contract', 'Decimals', 'Address']) expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Network')).toHaveValue('EVM (Ethereum and compatible)');
    await user.clear(screen.getByLabelText('USD price'));
    await user.type(screen.getByLabelText('USD price'), '1.01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(sentBody(fetchMock)).toBeDefined());
    expect(sentBody(fetchMock)).toMatchObject({ usdPrice: '1.01', network: 'evm', chainId: 1, tokenContract: USDT.tokenContract, decimals: 6, address: USDT.address });
    expect(sentBody(fetchMock)).not.toHaveProperty('rate');
  });
});
