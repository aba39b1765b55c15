// The chain form sends what the server takes (null confirmations for "finalized") and shows the
// server's refusal of an endpoint beside it; the saved chain shows the watcher's lag.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSettings } from '@/contracts/payments';
import { expectMessageAt, serve } from '@/web/test/form';
import { renderWithProviders } from '@/web/test/render';
import { PaymentChainForm } from './payment-chain-form';
import { PaymentChainList, type PaymentChain } from './payment-chain-list';

const NO_ANSWER = 'The endpoint did not answer: HTTP request failed.';

const CHAIN: PaymentChain = {
  chainId: 8453,
  rpcHost: 'base.example.com',
  confirmations: 15,
  tolerancePercent: '1.25',
  autoApproveUsd: '2500.5',
  headBlock: '120',
  nextBlock: '100',
  noBlockSince: null,
  scannedAt: '2026-11-23T18:00:00.000Z',
  lastError: null,
  lastErrorAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the chain form', () => {
  it('sends no number of confirmations when the finalized block is chosen', async () => {
    const saved: PaymentSettings = { evmKey: null, chains: [CHAIN], utxoChains: [], tron: { currencies: [], key: null, addressList: null, watcher: null }, lookups: [] };
    const fetchMock = serve(() => Response.json(saved));
    const user = userEvent.setup();
    const onDone = vi.fn();
    renderWithProviders(<PaymentChainForm editing={null} onDone={onDone} />);
    await user.type(screen.getByLabelText('Chain id'), '8453');
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://base.example.com/v2/KEY');
    await user.click(screen.getByLabelText('Wait for the finalized block'));
    expect(screen.getByLabelText('Confirmations')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save chain' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/payments/chains/8453');
    expect(init?.method).toBe('PUT');
    expect(typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body).toEqual({ rpcUrl: 'https://base.example.com/v2/KEY', confirmations: null, tolerancePercent: '0.5', autoApproveUsd: '10000' });
  });

  it('shows the server’s refusal of the endpoint beside it', async () => {
    serve(() => Response.json({ error: { code: 'invalid_input', message: NO_ANSWER, fields: { rpcUrl: NO_ANSWER } } }, { status: 400 }));
    const user = userEvent.setup();
    renderWithProviders(<PaymentChainForm editing={null} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText('Chain id'), '1');
    await user.type(screen.getByLabelText('Endpoint URL'), 'http://127.0.0.1:9');
    await user.click(screen.getByRole('button', { name: 'Save chain' }));
    await expectMessageAt('Endpoint URL', NO_ANSWER);
  });

  it('starts an edit from the saved chain, with the endpoint to enter again', () => {
    renderWithProviders(<PaymentChainForm editing={{ ...CHAIN, confirmations: null }} onDone={vi.fn()} />);
    expect(screen.getByLabelText('Chain id')).toHaveValue('8453');
    expect(screen.getByLabelText('Endpoint URL')).toHaveValue('');
    expect(screen.getByLabelText('Wait for the finalized block')).toBeChecked();
    expect(screen.getByLabelText('Tolerance %')).toHaveValue('1.25');
  });
});

describe('a saved chain', () => {
  it('shows its name, its rules and the blocks the watcher still has to read', () => {
    renderWithProviders(<PaymentChainList chains={[CHAIN, { ...CHAIN, chainId: 31337, headBlock: '99', confirmations: null }]} onEdit={vi.fn()} />);
    const base = screen.getByRole('listitem', { name: 'Base (8453)' });
    expect(within(base).getByText('Lag (blocks)').nextSibling).toHaveTextContent('21');
    expect(base).toHaveTextContent('$2,500.50');
    expect(base).toHaveTextContent('1.25 %');
    const local = screen.getByRole('listitem', { name: 'Chain 31337' });
    // The cursor may stand past a head read earlier: nothing is left to read, not a negative lag.
    expect(within(local).getByText('Lag (blocks)').nextSibling).toHaveTextContent('0');
    expect(local).toHaveTextContent('finalized');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the endpoint’s head has not moved for over 10 minutes, unless an error already says why', () => {
    const quiet = { ...CHAIN, noBlockSince: '2026-11-23T17:40:00.000Z' };
    const { unmount } = renderWithProviders(<PaymentChainList chains={[quiet]} onEdit={vi.fn()} />);
    expect(within(screen.getByRole('listitem', { name: 'Base (8453)' })).getByRole('alert')).toHaveTextContent(/^No new block since .+: the endpoint may have stopped following the chain/);
    unmount();
    renderWithProviders(<PaymentChainList chains={[{ ...quiet, lastError: 'HTTP 503', lastErrorAt: '2026-11-23T18:00:00.000Z' }]} onEdit={vi.fn()} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/HTTP 503/)).toHaveClass('text-destructive');
  });
});
