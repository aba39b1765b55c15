// The TRON part of the Payments page: its key refuses a recovery phrase before it is sent, the watcher
// form sends what the server takes (19 confirmations by default), and the server's refusal of an
// endpoint of another network shows beside the URL.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettings } from '@/contracts/payments';
import { accountKeyMessages } from '@/domain/account-key';
import { TRON_ACCOUNT } from '@/domain/tron/account-key';
import { expectMessageAt, serve } from '@/web/test/form';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { PaymentAccountKey } from './payment-account-key';
import { TronWatcher } from './tron-watcher';

const OTHER_NETWORK = "This endpoint does not serve TRON's main network (its first block is abababababab…, not 1ebf88508a03…).";
const WATCHER = { apiHost: 'api.trongrid.io', fallbackHost: null, confirmations: 19, tolerancePercent: '0.5', autoApproveUsd: '10000', minOrderUsd: '50', headBlock: '70000000', nextBlock: '69999990', noBlockSince: null, scannedAt: null, lastError: null, lastErrorAt: null, sweepFee: { trx: '13.995', energySun: 210, bandwidthSun: 1000, at: '2026-11-25T10:00:00.000Z' } };
const SAVED: PaymentSettings = { evmKey: null, chains: [], utxoChains: [], tron: { currencies: ['TRX', 'USDTTRC20'], key: null, addressList: null, watcher: WATCHER }, lookups: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the TRON settings', () => {
  it('refuse a recovery phrase at the key field, naming TRON’s account, before anything is sent', async () => {
    const fetchMock = serve(() => Response.json(SAVED));
    const user = userEvent.setup();
    renderWithProviders(<PaymentAccountKey accountKey={null} family="tron" />, { operator: operatorAs('owner') });
    expect(screen.getByRole('region', { name: 'Account key (TRON)' })).toHaveTextContent('m/44’/195’/0’');
    await user.type(screen.getByLabelText('Extended public key (xpub)'), 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectMessageAt('Extended public key (xpub)', accountKeyMessages(TRON_ACCOUNT).recoveryPhrase);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('send the watcher with 19 confirmations by default, and show the server’s refusal of another network beside the URL', async () => {
    const fetchMock = serve(() => Response.json({ error: { code: 'invalid_input', message: OTHER_NETWORK, fields: { apiUrl: OTHER_NETWORK } } }, { status: 400 }));
    const user = userEvent.setup();
    renderWithProviders(<TronWatcher watcher={null} />, { operator: operatorAs('owner') });
    await user.type(screen.getByLabelText('TronGrid-compatible API URL'), 'https://nile.trongrid.io');
    await user.click(screen.getByRole('button', { name: 'Save watcher' }));
    await expectMessageAt('TronGrid-compatible API URL', OTHER_NETWORK);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/payments/tron/watcher');
    expect(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body).toEqual({ apiUrl: 'https://nile.trongrid.io', fallbackUrl: null, confirmations: 19, tolerancePercent: '0.5', autoApproveUsd: '10000', minOrderUsd: null });
  });

  it('show the saved watcher’s host and how far it has read', () => {
    renderWithProviders(<TronWatcher watcher={WATCHER} />, { operator: operatorAs('owner') });
    expect(screen.getByText('api.trongrid.io')).toBeInTheDocument();
    expect(screen.getByText(/Newest block 70000000, read up to block 69999989/)).toBeInTheDocument();
    expect(screen.getByLabelText('TronGrid-compatible API URL')).toHaveValue('');
    expect(screen.getByLabelText('Smallest order (USD)')).toHaveValue('50');
    expect(screen.getByText(/^Moving USDT out of each buyer's address costs about/)).toHaveTextContent('13.995 TRX');
  });
});
