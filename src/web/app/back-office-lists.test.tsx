// Two back-office lists as an operator uses them (issue 28): a users search that matches no one says
// so instead of "Total Users: 0", and a pixel is deleted only once the operator confirms it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as Pixels } from '@/web/app/routes/back-office/pixels';
import { Component as Users } from '@/web/app/routes/back-office/users';
import { operatorAs, renderWithProviders } from '@/web/test/render';

const ANN = { id: 1, name: 'Ann', email: 'ann@example.com', phone: '', receivingWallet: null, balance: '0', level: null, createdAt: '2026-11-20T10:00:00.000Z' };
const PIXEL = { id: 4, apiKey: 'PIXEL-KEY-1', secondaryKeyHint: null, location: '/dashboard', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' };

const renderPage = (ui: ReactNode) => renderWithProviders(ui, { operator: operatorAs('owner') });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the users list', () => {
  it('says "No users found." for a search that matches no one, not "Total Users: 0"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (!path.startsWith('/api/admin/users')) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
        const q = new URL(path, 'http://localhost').searchParams.get('q') ?? '';
        return Response.json(q === '' ? { users: [ANN], total: 1, page: 1, pageSize: 20 } : { users: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    renderPage(<Users />);
    expect(await screen.findByText('Total Users: 1')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search by name or e-mail'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByText('Total Users: 0')).not.toBeInTheDocument();
    expect(screen.getByText('No user matches “nobody”.')).toBeInTheDocument();
  });
});

describe('the pixels list', () => {
  function servePixels() {
    const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'DELETE') return Response.json({ ok: true });
      if (path.startsWith('/api/admin/pixels')) return Response.json({ pixels: [PIXEL] });
      return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const deletes = (fetchMock: ReturnType<typeof servePixels>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');

  it('asks before deleting a pixel, and a cancel deletes nothing', async () => {
    const fetchMock = servePixels();
    renderPage(<Pixels />);
    const row = (await screen.findByText('PIXEL-KEY-1')).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the API key' });
    expect(within(dialog).getByText(/PIXEL-KEY-1/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes(fetchMock)).toHaveLength(0);
    expect(screen.getByText('PIXEL-KEY-1')).toBeInTheDocument();
  });

  it('deletes the pixel once confirmed', async () => {
    const fetchMock = servePixels();
    renderPage(<Pixels />);
    const row = (await screen.findByText('PIXEL-KEY-1')).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete the API key' })).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(deletes(fetchMock)).toHaveLength(1));
    expect(deletes(fetchMock)[0]?.[0]).toBe('/api/admin/pixels/4');
  });
});
