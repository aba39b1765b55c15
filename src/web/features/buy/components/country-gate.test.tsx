// Buy Token asks a buyer without a declared country for one (none chosen in advance), and tells a
// buyer who cannot order because of their country why.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyCountry } from '@/contracts/eligibility';
import { renderWithProviders } from '@/web/test/render';
import { CountryGate } from './country-gate';

function serve(first: MyCountry) {
  let mine = first;
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/me/country' && init?.method === 'POST') {
      mine = { country: (JSON.parse(init.body as string) as { country: string }).country, refusal: null };
      return Response.json(mine);
    }
    if (path === '/api/me/country') return Response.json(mine);
    return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([path, init]) => path === '/api/me/country' && init?.method === 'POST');

describe('the country gate on Buy Token', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a buyer without a country for one, refuses none chosen, then saves it and goes away', async () => {
    const fetchMock = serve({ country: null, refusal: null });
    const user = userEvent.setup();
    renderWithProviders(<CountryGate />, { route: '/dashboard/buy-token' });
    const select = await screen.findByLabelText('Country of residence');
    expect(select).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save my country' }));
    expect(await screen.findByText('Choose your country of residence.')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    await user.selectOptions(select, 'France');
    await user.click(screen.getByRole('button', { name: 'Save my country' }));
    await vi.waitFor(() => expect(screen.queryByLabelText('Country of residence')).not.toBeInTheDocument());
    expect(JSON.parse(posts(fetchMock)[0]?.[1]?.body as string)).toEqual({ country: 'FR' });
  });

  it('says why a buyer cannot order', async () => {
    const reason = 'Your connection appears to come from Russia, which is restricted by this sale, so you cannot order.';
    serve({ country: 'DE', refusal: reason });
    renderWithProviders(<CountryGate />, { route: '/dashboard/buy-token' });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText('Orders are not available to you')).toBeInTheDocument();
  });

  it('shows nothing to a buyer who may order', async () => {
    const fetchMock = serve({ country: 'DE', refusal: null });
    renderWithProviders(<CountryGate />, { route: '/dashboard/buy-token' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Country of residence')).not.toBeInTheDocument();
  });
});
