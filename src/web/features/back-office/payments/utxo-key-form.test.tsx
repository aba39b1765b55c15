// The Bitcoin account key form refuses a recovery phrase or a mismatched address type before sending
// anything, sends the address type only when one is chosen, shows the server's refusals beside their
// fields, and warns when more addresses in a row went unused than a wallet looks across.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettings, UtxoChainSettings } from '@/contracts/payments';
import { UTXO_KEY_MESSAGES } from '@/domain/utxo/account-key';
import { expectMessageAt, serve } from '@/web/test/form';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { UtxoKeyForm, type UtxoKey } from './utxo-key-form';

// BIP-84's test vector: the account m/84'/0'/0' of the "abandon … about" phrase; no money is behind it.
const ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const GAP_WARNING =
  "More than 20 addresses in a row have received nothing. Wallets stop looking after 20 unused addresses: raise your wallet's gap limit (Sparrow: Settings → Advanced → Gap limit; Electrum: wallet.change_gap_limit in the console) or payments to later addresses will not show in it.";

const KEY: UtxoKey = {
  xpub: ZPUB,
  fingerprint: 'fd13aac9',
  scriptType: 'p2wpkh',
  firstAddresses: ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g', 'bc1qp59yckz4ae5c4efgw2s5wfyvrz0ala7rgvuz8z'],
  handedOut: 4,
  gap: 4,
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

const LITECOIN: UtxoChainSettings = { ...BITCOIN, chain: 'litecoin', name: 'Litecoin', symbol: 'LTC', keyPrefixes: ['xpub', 'ypub', 'zpub', 'Ltub', 'Mtub'], currencies: ['LTC'] };

const DOGECOIN: UtxoChainSettings = {
  ...BITCOIN,
  chain: 'dogecoin',
  name: 'Dogecoin',
  symbol: 'DOGE',
  keyPrefixes: ['xpub', 'dgub'],
  scriptTypes: ['p2pkh'],
  currencies: ['DOGE'],
  defaults: { confirmations: 10, largeConfirmations: 10 },
};

function renderForm(utxoKey: UtxoKey | null, chain: UtxoChainSettings = BITCOIN) {
  const ui = (key: UtxoKey | null) => <UtxoKeyForm settings={{ ...chain, key }} />;
  const rendered = renderWithProviders(ui(utxoKey), { operator: operatorAs('owner') });
  return { showKey: (key: UtxoKey | null) => rendered.rerender(ui(key)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Bitcoin account key form', () => {
  it('refuses a recovery phrase without sending it', async () => {
    const fetchMock = serve(() => Response.json({}));
    const user = userEvent.setup();
    renderForm(null);
    await user.type(screen.getByLabelText('Account key (zpub, ypub or xpub)'), PHRASE);
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    await expectMessageAt('Account key (zpub, ypub or xpub)', UTXO_KEY_MESSAGES.recoveryPhrase);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an address type the key contradicts at the address type', async () => {
    const fetchMock = serve(() => Response.json({}));
    const user = userEvent.setup();
    renderForm(null);
    await user.type(screen.getByLabelText('Account key (zpub, ypub or xpub)'), ZPUB);
    await user.selectOptions(screen.getByLabelText('Address type'), 'Legacy (1…)');
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    await expectMessageAt('Address type', UTXO_KEY_MESSAGES.scriptMismatch('zpub', 'p2wpkh', 'p2pkh'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends no address type when the key says it', async () => {
    const saved: PaymentSettings = { evmKey: null, chains: [], utxoChains: [{ ...BITCOIN, key: KEY }], tron: { currencies: [], key: null, addressList: null, watcher: null }, lookups: [] };
    const fetchMock = serve(() => Response.json(saved));
    const user = userEvent.setup();
    renderForm(null);
    expect(screen.getByLabelText('Address type')).toHaveDisplayValue('As the key says');
    await user.type(screen.getByLabelText('Account key (zpub, ypub or xpub)'), ZPUB);
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/payments/utxo/bitcoin/key');
    expect(init?.method).toBe('PUT');
    expect(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body).toEqual({ xpub: ZPUB });
  });

  it('shows the server’s messages beside the key and the address type', async () => {
    const fields = { xpub: 'The key from the server.', scriptType: 'The address type from the server.' };
    serve(() => Response.json({ error: { code: 'invalid_input', message: fields.xpub, fields } }, { status: 400 }));
    const user = userEvent.setup();
    renderForm(null);
    await user.type(screen.getByLabelText('Account key (zpub, ypub or xpub)'), ZPUB);
    await user.selectOptions(screen.getByLabelText('Address type'), 'Native segwit (bc1q…)');
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    await expectMessageAt('Account key (zpub, ypub or xpub)', fields.xpub);
    await expectMessageAt('Address type', fields.scriptType);
  });

  it('shows the saved key, its first addresses and the unused addresses in a row', () => {
    renderForm(KEY);
    expect(screen.getByText(ZPUB)).toHaveClass('font-mono');
    expect(screen.getByText('Address type: Native segwit (bc1q…)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'First Bitcoin addresses' })).toHaveTextContent(KEY.firstAddresses[0] ?? '');
    expect(screen.getByText('Addresses handed out: 4')).toBeInTheDocument();
    expect(screen.getByText('Unused addresses in a row: 4')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove key' })).toBeInTheDocument();
  });

  it('shows a Viewer the key’s fingerprint and first addresses, and no key (the server sends none)', () => {
    renderForm({ ...KEY, xpub: null });
    expect(screen.getByText('Key fingerprint')).toBeInTheDocument();
    expect(screen.getByText('fd13aac9')).toBeInTheDocument();
    expect(screen.queryByText('Saved key')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'First Bitcoin addresses' })).toHaveTextContent(KEY.firstAddresses[0] ?? '');
  });

  it('warns when more than 20 addresses in a row went unused', () => {
    const { showKey } = renderForm({ ...KEY, handedOut: 20, gap: 20 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    showKey({ ...KEY, handedOut: 21, gap: 21 });
    expect(screen.getByRole('alert')).toHaveTextContent(GAP_WARNING);
  });
});

describe('the Litecoin and Dogecoin account key forms', () => {
  it('names Litecoin’s keys and addresses, and saves to Litecoin’s key', async () => {
    const saved: PaymentSettings = { evmKey: null, chains: [], utxoChains: [{ ...LITECOIN, key: null }], tron: { currencies: [], key: null, addressList: null, watcher: null }, lookups: [] };
    const fetchMock = serve(() => Response.json(saved));
    const user = userEvent.setup();
    renderForm(null, LITECOIN);
    expect(screen.getByText('No Litecoin account key yet: buyers pay to the single Litecoin wallet address, and you approve each payment.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Litecoin account key' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account key (zpub, Mtub, ypub, Ltub or xpub)'), ZPUB);
    await user.selectOptions(screen.getByLabelText('Address type'), 'Native segwit (ltc1q…)');
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/payments/utxo/litecoin/key');
    expect(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body).toEqual({ xpub: ZPUB, scriptType: 'p2wpkh' });
  });

  it('offers Dogecoin no address type and refuses a Bitcoin zpub there without sending it', async () => {
    const fetchMock = serve(() => Response.json({}));
    const user = userEvent.setup();
    renderForm(null, DOGECOIN);
    expect(screen.queryByLabelText('Address type')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Account key (dgub or xpub)'), ZPUB);
    await user.click(screen.getByRole('button', { name: 'Save key' }));
    await expectMessageAt('Account key (dgub or xpub)', UTXO_KEY_MESSAGES.wrongChain('zpub', 'dogecoin', ['bitcoin', 'litecoin']));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
