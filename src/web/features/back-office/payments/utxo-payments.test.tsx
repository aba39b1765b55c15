// Each Bitcoin-family chain has its own card, named by the chain.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UtxoChainSettings } from '@/contracts/payments';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { UtxoPayments } from './utxo-payments';

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
    renderWithProviders(<UtxoPayments settings={{ ...LITECOIN, currencies: ['LTC'] }} />, { operator: operatorAs('owner') });
    const card = screen.getByRole('region', { name: 'Litecoin' });
    expect(within(card).getByText(/^No Litecoin account key yet/)).toBeInTheDocument();
    expect(within(card).getByRole('form', { name: 'Litecoin account key' })).toBeInTheDocument();
    expect(within(within(card).getByRole('region', { name: 'Watcher' })).getByRole('form', { name: 'Litecoin watcher' })).toBeInTheDocument();
  });
});
