// The back-office sale form (issue 28): saving an end time in the past ends the sale, so it asks
// first; a fresh install's unscheduled sale can be saved as it is, which schedules it. Its messages
// stand beside their fields, the schema's before anything is sent and the server's after.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SaleSettings } from '@/contracts/sale';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { SaleForm } from './sale-form';

const DAY = 86_400_000;
const SETTINGS: SaleSettings = {
  tokenName: 'Presale Token',
  tokenSymbol: 'PRE',
  priceUsd: '0.01',
  totalSupply: '1000000000',
  softCap: '10000000',
  hardCap: '100000000',
  startsAt: new Date(Date.now() - 10 * DAY).toISOString(),
  endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
  orderExpiryMinutes: 60,
  orderExpiryUnit: 'minutes',
  maxPendingOrders: 3,
  requireVerifiedEmail: false,
  listingAt: null,
  deliveryNote: '',
  scheduled: true,
  stages: [],
  unsoldStageTokens: 'roll_over',
  updatedAt: new Date().toISOString(),
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value in the browser's zone. */
const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

function renderForm(settings: SaleSettings) {
  const fetchMock = vi.fn(async (_path: string, init?: RequestInit) => Response.json({ ...settings, ...(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as object), scheduled: true }));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<SaleForm settings={settings} />, { operator: operatorAs('owner') });
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof renderForm>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('sale form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks before saving an end time in the past, and saves nothing when cancelled', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm(SETTINGS);
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: local(new Date(Date.now() - DAY)) } });
    await user.click(screen.getByRole('button', { name: 'Save sale settings' }));

    const dialog = await screen.findByRole('dialog', { name: 'End the sale now?' });
    expect(dialog).toHaveTextContent('saving it ends the sale at once');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save sale settings' }));
    await user.click(await screen.findByRole('button', { name: 'End the sale' }));
    await vi.waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
  });

  it('saves an end time in the future without asking', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm(SETTINGS);
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: local(new Date(Date.now() + 20 * DAY)) } });
    await user.click(screen.getByRole('button', { name: 'Save sale settings' }));
    await vi.waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an empty Total supply’s message beside the field, focuses the first field in error, sends nothing, and shows the hard cap read-only', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm(SETTINGS);
    // The hard cap is the stages' allocations: set in the Stages section, not here.
    expect(screen.queryByLabelText('Hard cap (tokens)')).toBeNull();
    expect(screen.getByText("Hard cap: the stages' allocations, 100,000,000 PRE")).toBeInTheDocument();
    const softCap = screen.getByLabelText('Soft cap (tokens)');
    const totalSupply = screen.getByLabelText('Total supply');
    // Digits are grouped below the number.
    expect(screen.getByText('10,000,000 tokens')).toBeInTheDocument();
    await user.clear(softCap);
    await user.clear(totalSupply);
    await user.click(screen.getByRole('button', { name: 'Save sale settings' }));
    await vi.waitFor(() => expect(softCap).toHaveAttribute('aria-invalid', 'true'));
    expect(softCap).toHaveAccessibleDescription('Soft cap must be a positive number with at most 6 decimals.');
    expect(totalSupply).toHaveAccessibleDescription('Total supply must be a positive number with at most 6 decimals.');
    // The first field in error has the focus (and so is scrolled into view).
    expect(totalSupply).toHaveFocus();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('names the server’s order-expiry unit, leaves its limits to the server, and shows its refusal at the field', async () => {
    const user = userEvent.setup();
    const refusal = 'Order expiry must be at least 5 seconds.';
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) =>
      Response.json({ error: { code: 'invalid_input', message: refusal, fields: { orderExpiryMinutes: refusal } } }, { status: 400 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SaleForm settings={{ ...SETTINGS, orderExpiryMinutes: 3600, orderExpiryUnit: 'seconds' }} />, { operator: operatorAs('owner') });
    const expiry = screen.getByLabelText('Order expiry (seconds)');
    await user.clear(expiry);
    await user.type(expiry, '3');
    await user.click(screen.getByRole('button', { name: 'Save sale settings' }));
    await vi.waitFor(() => expect(expiry).toHaveAccessibleDescription(refusal));
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1]?.body;
    expect(JSON.parse(typeof sent === 'string' ? sent : '{}')).toMatchObject({ orderExpiryMinutes: 3 });
  });

  it('lets an operator save an unscheduled sale as it is, which schedules it', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm({ ...SETTINGS, scheduled: false });
    expect(screen.getByRole('status')).toHaveTextContent('The sale is not scheduled yet');
    await user.click(screen.getByRole('button', { name: 'Save sale settings' }));
    await vi.waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
  });
});
