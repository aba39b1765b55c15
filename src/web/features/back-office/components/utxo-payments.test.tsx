// Each Bitcoin-family chain has its own card, named by the chain: Bitcoin always, Litecoin and
// Dogecoin once a currency, an account key or a watcher is on them.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Operator } from '@/contracts/admin';
import type { UtxoChainSettings } from '@/contracts/payments';
import { operatorQueryKey } from '@/web/api/admin/operator';
import { isShown, UtxoPayments } from './utxo-payments';

const OWNER: Operator = { id: 1, login: 'owner', role: 'owner', mustChangePassword: false, mustEnrolSecondFactor: false };

const LITECOIN: UtxoChainSettings = {
  chain: 'litecoin',
  name: 'Litecoin',
  symbol: 'LTC',
  keyPrefixes: ['xpub', 'ypub', 'zpub', 'Ltub', 'Mtub'],
  scriptTypes: ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'],
  currencies: [],
  defaults: { confirmations: 6, largeConfirmations: 6 },
  key: null,
  watcher: null,
};

describe('the card of a Bitcoin-family chain', () => {
  it('is named by its chain, with its account key and its watcher inside', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(operatorQueryKey, OWNER);
    render(
      <QueryClientProvider client={queryClient}>
        <UtxoPayments settings={{ ...LITECOIN, currencies: ['LTC'] }} />
      </QueryClientProvider>,
    );
    const card = screen.getByRole('region', { name: 'Litecoin' });
    expect(within(card).getByText(/^No Litecoin account key yet/)).toBeInTheDocument();
    expect(within(card).getByRole('form', { name: 'Litecoin account key' })).toBeInTheDocument();
    expect(within(within(card).getByRole('region', { name: 'Watcher' })).getByRole('form', { name: 'Litecoin watcher' })).toBeInTheDocument();
  });

  it('shows Bitcoin always, another chain only with a currency, a key or a watcher', () => {
    expect(isShown({ ...LITECOIN, chain: 'bitcoin', name: 'Bitcoin', symbol: 'BTC' })).toBe(true);
    expect(isShown(LITECOIN)).toBe(false);
    expect(isShown({ ...LITECOIN, currencies: ['LTC'] })).toBe(true);
    expect(isShown({ ...LITECOIN, key: { xpub: 'Ltub…', fingerprint: '00000000', scriptType: 'p2pkh', firstAddresses: [], handedOut: 0, gap: 0 } })).toBe(true);
  });
});
