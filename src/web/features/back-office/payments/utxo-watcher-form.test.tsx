// The Bitcoin watcher form sends what the server takes (no amount: null), shows each of the server's
// refusals beside its field, and starts a change from the saved watcher with the URL to enter again.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettings, UtxoChainSettings } from '@/contracts/payments';
import { expectMessageAt, serve } from '@/web/test/form';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { UtxoWatcherForm, type UtxoWatcher } from './utxo-watcher-form';

const WATCHER: UtxoWatcher = {
  esploraHost: 'mempool.example.com',
  confirmations: 3,
  largeAbove: '1.5',
  largeConfirmations: 6,
  tolerancePercent: '1.25',
  autoApproveUsd: '2500.5',
  tipHeight: 880123,
  noBlockSince: null,
  scannedAt: '2026-11-23T18:00:00.000Z',
  lastError: 'HTTP 503 from mempool.example.com',
  lastErrorAt: '2026-11-23T17:59:00.000Z',
  requestsPerMinute: 60,
  awaitingAddresses: 0,
  unpolledAddresses: 0,
};

/** Bitcoin as the server describes it. */
const BITCOIN: UtxoChainSettings = {
  chain: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  keyPrefixes: ['xpub', 'ypub', 'zpub'],
  scriptTypes: ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'],
  currencies: ['BTC'],
  defaults: { confirmations: 2, largeConfirmations: 6 },
  key: null,
  watcher: null,
};

const LITECOIN: UtxoChainSettings = { ...BITCOIN, chain: 'litecoin', name: 'Litecoin', symbol: 'LTC', keyPrefixes: ['xpub', 'ypub', 'zpub', 'Ltub', 'Mtub'], currencies: ['LTC'], defaults: { confirmations: 6, largeConfirmations: 6 } };

const SAVED: PaymentSettings = { evmKey: null, chains: [], utxoChains: [{ ...BITCOIN, watcher: WATCHER }], tron: { currencies: [], key: null, addressList: null, watcher: null }, lookups: [] };

function renderForm(watcher: UtxoWatcher | null, chain: UtxoChainSettings = BITCOIN) {
  return renderWithProviders(<UtxoWatcherForm settings={{ ...chain, watcher }} />, { operator: operatorAs('owner') });
}

const sentBody = (init: RequestInit | undefined): unknown => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Bitcoin watcher form', () => {
  it('sends the defaults, with no amount for more confirmations as null', async () => {
    const fetchMock = serve(() => Response.json(SAVED));
    const user = userEvent.setup();
    renderForm(null);
    expect(screen.getByLabelText('Esplora API URL')).toHaveAttribute('placeholder', 'https://mempool.space/api');
    await user.type(screen.getByLabelText('Esplora API URL'), 'https://mempool.example.com/api');
    await user.click(screen.getByRole('button', { name: 'Save watcher' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/payments/utxo/bitcoin/watcher');
    expect(init?.method).toBe('PUT');
    expect(sentBody(init)).toEqual({
      esploraUrl: 'https://mempool.example.com/api',
      confirmations: 2,
      largeAbove: null,
      largeConfirmations: 6,
      tolerancePercent: '0.5',
      autoApproveUsd: '10000',
      requestsPerMinute: 60,
    });
  });

  it('refuses what the contract refuses without sending it', async () => {
    const fetchMock = serve(() => Response.json(SAVED));
    const user = userEvent.setup();
    renderForm(null);
    await user.type(screen.getByLabelText('Esplora API URL'), 'mempool.space');
    await user.type(screen.getByLabelText('More confirmations above (BTC)'), '0.123456789');
    await user.clear(screen.getByLabelText('Confirmations above that amount'));
    await user.type(screen.getByLabelText('Confirmations above that amount'), '145');
    await user.click(screen.getByRole('button', { name: 'Save watcher' }));
    await expectMessageAt('Esplora API URL', 'Enter the endpoint as an http(s) URL, such as https://mempool.space/api.');
    await expectMessageAt('More confirmations above (BTC)', 'The amount for more confirmations has at most 8 decimals.');
    await expectMessageAt('Confirmations above that amount', 'At most 144 confirmations (a day of Bitcoin blocks).');
    await user.clear(screen.getByLabelText('Request budget (per minute)'));
    await user.type(screen.getByLabelText('Request budget (per minute)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save watcher' }));
    await expectMessageAt('Request budget (per minute)', 'At least 10 requests a minute: the watcher asks for the tip 4 times a minute and must read new blocks.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows each of the server’s field messages beside its field', async () => {
    const fields = {
      esploraUrl: 'The endpoint did not answer as an Esplora API: HTTP request failed.',
      confirmations: 'Confirmations from the server.',
      largeAbove: 'The amount from the server.',
      largeConfirmations: 'Large payments cannot need fewer confirmations than others.',
      tolerancePercent: 'Tolerance from the server.',
      autoApproveUsd: 'The limit from the server.',
      requestsPerMinute: 'The budget from the server.',
    };
    serve(() => Response.json({ error: { code: 'invalid_input', message: fields.esploraUrl, fields } }, { status: 400 }));
    const user = userEvent.setup();
    renderForm(null);
    await user.type(screen.getByLabelText('Esplora API URL'), 'http://127.0.0.1:9');
    await user.type(screen.getByLabelText('More confirmations above (BTC)'), '1');
    await user.click(screen.getByRole('button', { name: 'Save watcher' }));
    await expectMessageAt('Esplora API URL', fields.esploraUrl);
    await expectMessageAt('Confirmations', fields.confirmations);
    await expectMessageAt('More confirmations above (BTC)', fields.largeAbove);
    await expectMessageAt('Confirmations above that amount', fields.largeConfirmations);
    await expectMessageAt('Tolerance (%)', fields.tolerancePercent);
    await expectMessageAt('Auto-approve up to (USD)', fields.autoApproveUsd);
    await expectMessageAt('Request budget (per minute)', fields.requestsPerMinute);
  });

  it('shows the saved watcher’s state and starts a change from its rules, with the URL to enter again', () => {
    renderForm(WATCHER);
    expect(screen.getByText('Current endpoint:')).toHaveTextContent('Current endpoint: mempool.example.com');
    expect(screen.getByText(/^Tip height 880123, last scanned /)).toBeInTheDocument();
    expect(screen.getByText(/HTTP 503 from mempool\.example\.com/)).toHaveClass('text-destructive');
    expect(screen.getByLabelText('Esplora API URL')).toHaveValue('');
    expect(screen.getByLabelText('Confirmations')).toHaveValue('3');
    expect(screen.getByLabelText('More confirmations above (BTC)')).toHaveValue('1.5');
    expect(screen.getByLabelText('Tolerance (%)')).toHaveValue('1.25');
    expect(screen.getByLabelText('Auto-approve up to (USD)')).toHaveValue('2500.5');
    expect(screen.getByLabelText('Request budget (per minute)')).toHaveValue('60');
    expect(screen.getByText('Request budget').nextSibling).toHaveTextContent('60 a minute');
    expect(screen.getByText('No address awaits a payment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove watcher' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the endpoint’s tip has not moved for longer than the chain’s blocks take', () => {
    renderForm({ ...WATCHER, lastError: null, lastErrorAt: null, noBlockSince: '2026-11-23T15:00:00.000Z' });
    expect(screen.getByRole('alert')).toHaveTextContent(/^No new block since .+: the endpoint may have stopped following the chain, and new payments are not being seen\. Check it, or give another endpoint\.$/);
  });

  it('says when the request budget delays unconfirmed sightings, with the figures of the last scan', () => {
    const { unmount } = renderForm({ ...WATCHER, awaitingAddresses: 1200, unpolledAddresses: 0 });
    expect(screen.getByText('Addresses awaiting a payment: 1,200, each checked for unconfirmed payments within the last 10 minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    renderForm({ ...WATCHER, lastError: null, lastErrorAt: null, awaitingAddresses: 5000, unpolledAddresses: 1234 });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Unconfirmed payments are delayed by the request budget: 1,234 of 5,000 addresses awaiting a payment were not checked in the last 10 minutes. Their payments show as seen late; confirmed payments are still found in blocks. Raise the budget if the endpoint allows it.',
    );
  });
});

describe('the Litecoin watcher form', () => {
  it('starts from Litecoin’s 6 confirmations, names its coin, and saves to Litecoin’s watcher', async () => {
    const fetchMock = serve(() => Response.json({ ...SAVED, utxoChains: [{ ...LITECOIN, watcher: WATCHER }] }));
    const user = userEvent.setup();
    renderForm(null, LITECOIN);
    expect(screen.getByLabelText('Confirmations')).toHaveValue('6');
    await user.type(screen.getByLabelText('Esplora API URL'), 'https://litecoinspace.org/api');
    await user.type(screen.getByLabelText('More confirmations above (LTC)'), '100');
    await user.click(screen.getByRole('button', { name: 'Save watcher' }));
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/payments/utxo/litecoin/watcher');
    expect(sentBody(init)).toMatchObject({ esploraUrl: 'https://litecoinspace.org/api', confirmations: 6, largeAbove: '100', largeConfirmations: 6 });
  });
});
