// The Payments page as an operator reads it (issue 28): a status line per chain at the top saying
// what is missing in words, each chain's steps in order, and the settings of a chain with no currency
// on offer folded with the reason.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCrypto } from '@/contracts/cryptos';
import type { PaymentSettings, UtxoChainSettings } from '@/contracts/payments';
import { Component as Payments } from '@/web/app/routes/back-office/payments';
import { paymentStatuses } from '@/web/features/back-office/payments/payment-statuses';
import { operatorAs, renderWithProviders } from '@/web/test/render';

const UTXO: Omit<UtxoChainSettings, 'chain' | 'name' | 'symbol'> = {
  keyPrefixes: ['xpub', 'ypub', 'zpub'],
  scriptTypes: ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'],
  currencies: [],
  defaults: { confirmations: 6, largeConfirmations: 6 },
  key: null,
  watcher: null,
};
const KEY = { xpub: 'zpub6r…', fingerprint: '0a1b2c3d', scriptType: 'p2wpkh' as const, firstAddresses: ['bc1qa', 'bc1qb', 'bc1qc'], handedOut: 2, gap: 0 };
const WATCHER: NonNullable<UtxoChainSettings['watcher']> = {
  esploraHost: 'mempool.space',
  confirmations: 2,
  largeAbove: null,
  largeConfirmations: 6,
  tolerancePercent: '0.5',
  autoApproveUsd: '10000',
  tipHeight: 900000,
  noBlockSince: null,
  scannedAt: '2026-11-23T12:00:00.000Z',
  lastError: null,
  lastErrorAt: null,
  requestsPerMinute: 60,
  awaitingAddresses: 0,
  unpolledAddresses: 0,
};

const SETTINGS: PaymentSettings = {
  evmKey: { xpub: 'xpub6C…', fingerprint: '0a1b2c3d', firstAddresses: ['0x1', '0x2', '0x3'], handedOut: 0 },
  chains: [],
  utxoChains: [
    { ...UTXO, chain: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', currencies: ['BTC'], key: KEY, watcher: WATCHER },
    { ...UTXO, chain: 'litecoin', name: 'Litecoin', symbol: 'LTC', currencies: ['LTC'], key: KEY },
    { ...UTXO, chain: 'dogecoin', name: 'Dogecoin', symbol: 'DOGE', scriptTypes: ['p2pkh'], currencies: ['DOGE'] },
  ],
  tron: { currencies: [], key: null, addressList: null, watcher: null },
  lookups: [{ network: 'bitcoin', host: 'mempool.space' }],
};

function crypto(code: string, network: AdminCrypto['network'], chainId: number | null, offered: boolean): AdminCrypto {
  return {
    code,
    name: code,
    network,
    chainId,
    tokenContract: null,
    decimals: 8,
    priceFeedId: '',
    rateSource: 'manual',
    rate: '1000',
    usdPrice: null,
    rateUpdatedAt: null,
    stale: false,
    address: offered ? 'addr' : '',
    enabled: true,
    offered,
    iconUrl: '',
  };
}

// Bitcoin and Litecoin on offer; the seeded ETH and DOGE without an address are not.
const CRYPTOS = [crypto('BTC', 'bitcoin', null, true), crypto('LTC', 'litecoin', null, true), crypto('ETH', 'evm', 1, false), crypto('DOGE', 'dogecoin', null, false)];

const textIn = (name: string, text: string) => within(screen.getByRole('listitem', { name })).getByText(text);

describe('the payment status lines', () => {
  it('say off, key only or watching per chain, and what is missing in words', () => {
    const statuses = paymentStatuses(SETTINGS, CRYPTOS);
    expect(statuses.map((s) => [s.name, s.label, s.offered])).toEqual([
      ['EVM chains', 'Key only — add an endpoint', false],
      ['Bitcoin', 'Watching', true],
      ['Litecoin', 'Key only — add an endpoint', true],
      ['Dogecoin', 'Off', false],
      ['TRON', 'Off', false],
      ['Transaction lookups', 'On', null],
    ]);
    expect(statuses[0]?.details).toEqual(['No endpoint (step 2): payments to the buyers’ deposit addresses are not seen yet.', 'No EVM currency is on offer, so its settings are folded below.']);
    expect(statuses[1]?.details).toEqual(['Watching through mempool.space.']);
    expect(statuses[3]?.details[0]).toMatch(/^No account key \(step 1\) and no endpoint \(step 2\)/);
    expect(statuses[5]?.details).toEqual(['Pasted Bitcoin transaction hashes are looked up.', 'No endpoint for TRON and Solana: their pasted hashes are not checked.']);
  });

  it('name an offered EVM currency whose chain has no endpoint, and a watcher that failed', () => {
    const settings: PaymentSettings = {
      ...SETTINGS,
      chains: [{ chainId: 1, rpcHost: 'eth.example.com', confirmations: 12, tolerancePercent: '0.5', autoApproveUsd: '10000', headBlock: '10', nextBlock: '11', noBlockSince: null, scannedAt: null, lastError: 'HTTP 500', lastErrorAt: null }],
    };
    const [evm] = paymentStatuses(settings, [crypto('ETH', 'evm', 1, true), crypto('BNB', 'evm', 56, true)]);
    expect(evm?.label).toBe('Watching');
    expect(evm?.details).toEqual(['Watching Ethereum (1).', 'BNB on BNB Smart Chain (56): no endpoint, so these payments are not seen.', 'Ethereum (1): the last scan failed (HTTP 500).']);
  });

  it('say whether TRON is watched, through which host, and why its last scan failed', () => {
    const watcher = { apiHost: 'api.trongrid.io', fallbackHost: null, confirmations: 19, tolerancePercent: '0.5', autoApproveUsd: '10000', minOrderUsd: null, headBlock: '70000000', nextBlock: '70000001', noBlockSince: null, scannedAt: null, lastError: 'The endpoint answered with HTTP 429.', lastErrorAt: null, sweepFee: null };
    const key = { xpub: null, fingerprint: '0a1b2c3d', firstAddresses: ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'], handedOut: 0 };
    const usdt = crypto('USDTTRC20', 'tron', null, true);
    const tronOf = (tron: PaymentSettings['tron']) => paymentStatuses({ ...SETTINGS, tron }, [usdt]).find((s) => s.name === 'TRON');
    expect(tronOf({ currencies: ['USDTTRC20'], key, addressList: null, watcher: null })).toMatchObject({ label: 'Key only — add an endpoint', offered: true, details: ['No endpoint (step 2): payments to the buyers’ TRON addresses are not seen yet.'] });
    expect(tronOf({ currencies: ['USDTTRC20'], key, addressList: null, watcher })?.details).toEqual(['Watching through api.trongrid.io.', 'TRON: the last scan failed (The endpoint answered with HTTP 429.).']);
  });
});

// The whole page renders in each test: slow on a busy machine, hence the longer time allowed.
describe('the Payments page', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  function renderPage() {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (path === '/api/admin/payments') return Response.json(SETTINGS);
        if (path === '/api/admin/cryptos') return Response.json({ cryptos: CRYPTOS });
        if (path === '/api/admin/payments/unallocated') return Response.json({ deposits: [] });
        return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
      }),
    );
    renderWithProviders(<Payments />, { operator: operatorAs('owner') });
  }

  it('opens with one status line per chain', async () => {
    renderPage();
    const status = await screen.findByRole('region', { name: 'Payment status' });
    expect(within(status).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['EVM chains', 'Bitcoin', 'Litecoin', 'Dogecoin', 'TRON', 'Transaction lookups']);
    expect(textIn('EVM chains', 'Key only — add an endpoint')).toBeInTheDocument();
    expect(textIn('Bitcoin', 'Watching')).toBeInTheDocument();
    expect(textIn('Dogecoin', 'Off')).toBeInTheDocument();
    expect(textIn('Dogecoin', 'No Dogecoin currency is on offer, so its settings are folded below.')).toBeInTheDocument();
  });

  it('shows each chain’s steps in order', async () => {
    renderPage();
    const steps = await screen.findByRole('list', { name: 'Litecoin steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Account keydone', '2Endpointto do', '3Rulesto do']);
    const bitcoin = screen.getByRole('region', { name: 'Bitcoin' });
    const headings = within(bitcoin)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(headings.indexOf('1Account key')).toBeLessThan(headings.indexOf('2Endpoint'));
    expect(headings.indexOf('2Endpoint')).toBeLessThan(headings.indexOf('3Rules'));
  });

  it('folds a chain none of whose currencies is on offer, with the reason, and opens it on a click', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Payment status' });
    // EVM: ETH has no wallet address. Folded, the key's form is not there until opened.
    expect(screen.getByText(/^No currency on an EVM chain is on offer/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Extended public key (xpub)')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'EVM settings' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Extended public key (xpub)')).toBeInTheDocument();
    // Dogecoin folded, Bitcoin (on offer) not.
    const dogecoin = screen.getByRole('region', { name: 'Dogecoin' });
    expect(within(dogecoin).getByText(/^No Dogecoin currency is on offer/)).toBeInTheDocument();
    expect(within(dogecoin).queryByRole('form', { name: 'Dogecoin watcher' })).not.toBeInTheDocument();
    const bitcoin = screen.getByRole('region', { name: 'Bitcoin' });
    expect(within(bitcoin).queryByRole('button', { name: 'Bitcoin settings' })).not.toBeInTheDocument();
    expect(within(bitcoin).getByRole('form', { name: 'Bitcoin watcher' })).toBeInTheDocument();
  });

  it('says where to find the EVM account key, as the Bitcoin card does', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'EVM settings' }));
    const key = screen.getByRole('region', { name: 'Account key (EVM)' });
    expect(within(key).getByText(/^Where to find it: in Ledger Live, .*Trezor Suite.*offline BIP-39 tool/)).toBeInTheDocument();
  });
});
