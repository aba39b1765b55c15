// The TRON address-list form: a secret pasted among the addresses is refused by name before anything
// is sent, what the server refuses (an address imported before) shows beside the field with its line,
// a good list is sent whole, and the card warns when few addresses are left and when none is.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettings } from '@/contracts/payments';
import { ADDRESS_LIST_MESSAGES } from '@/domain/tron/address-list';
import { expectMessageAt, serve } from '@/web/test/form';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { TronAddressList } from './tron-address-list';

const FIELD = 'TRON addresses, one per line';
const A = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const B = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const LIST = { active: true, imported: 40, handedOut: 30, left: 10, fewLeft: true, ranOutAt: null };
const SAVED: PaymentSettings = { evmKey: null, chains: [], utxoChains: [], tron: { currencies: ['USDTTRC20'], key: null, addressList: LIST, watcher: null }, lookups: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the TRON address list', () => {
  it('refuses a private key pasted among the addresses, naming its line, before anything is sent', async () => {
    const fetchMock = serve(() => Response.json(SAVED));
    const user = userEvent.setup();
    renderWithProviders(<TronAddressList list={null} keySet={false} />, { operator: operatorAs('owner') });
    await user.click(screen.getByLabelText(FIELD));
    await user.paste(`${A}\n${'ab'.repeat(32)}`);
    await user.click(screen.getByRole('button', { name: 'Import addresses' }));
    await expectMessageAt(FIELD, ADDRESS_LIST_MESSAGES.linePrivateKey(2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the list whole, and shows the server’s refusal of an address imported before beside the field', async () => {
    const message = ADDRESS_LIST_MESSAGES.imported(2, B);
    const fetchMock = serve(() => Response.json({ error: { code: 'invalid_input', message, fields: { addresses: message } } }, { status: 400 }));
    const user = userEvent.setup();
    renderWithProviders(<TronAddressList list={LIST} keySet={false} />, { operator: operatorAs('owner') });
    await user.click(screen.getByLabelText(FIELD));
    await user.paste(`${A}\n${B}`);
    await user.click(screen.getByRole('button', { name: 'Import addresses' }));
    await expectMessageAt(FIELD, message);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/payments/tron/addresses');
    expect(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body).toEqual({ addresses: `${A}\n${B}` });
  });

  it('says how many are left, warns when few are, and says TRON orders are refused when none is', () => {
    const { rerender } = renderWithProviders(<TronAddressList list={LIST} keySet={false} />, { operator: operatorAs('owner') });
    expect(screen.getByText(/40 addresses imported, 30 handed out/)).toHaveTextContent('10 left');
    expect(screen.getByText('Few addresses left')).toBeInTheDocument();
    rerender(<TronAddressList list={{ ...LIST, handedOut: 40, left: 0, ranOutAt: '2026-11-25T10:00:00.000Z' }} keySet={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('TRON orders from new buyers are refused until you import more addresses.');
    rerender(<TronAddressList list={{ ...LIST, left: 30, fewLeft: false }} keySet />);
    expect(screen.queryByText('Few addresses left')).toBeNull();
    expect(screen.getByText(/^Importing switches TRON from the account key/)).toBeInTheDocument();
  });
});
