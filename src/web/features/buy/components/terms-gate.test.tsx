// Buy Token asks a buyer who has not accepted the current terms to accept them, with a box that is
// not ticked in advance, and records the acceptance only once it is ticked.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { TermsGate } from './terms-gate';

const CURRENT = { version: 4, sha256: 'b'.repeat(64), publishedAt: '2026-11-20T00:00:00.000Z' };

function serve(accepted: boolean) {
  let isAccepted = accepted;
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/me/terms' && init?.method === 'POST') {
      isAccepted = true;
      return Response.json({ current: CURRENT, accepted: true });
    }
    if (path === '/api/me/terms') return Response.json({ current: CURRENT, accepted: isAccepted });
    return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([path, init]) => path === '/api/me/terms' && init?.method === 'POST');

describe('the terms gate on Buy Token', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the current version, refuses an unticked box, then records the acceptance and goes away', async () => {
    const fetchMock = serve(false);
    const user = userEvent.setup();
    renderWithProviders(<TermsGate />, { route: '/dashboard/buy-token' });
    const box = await screen.findByRole('checkbox', { name: 'I accept the Terms (version 4)' });
    expect(box).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Accept the Terms' }));
    expect(await screen.findByText('Accept the Terms to continue.')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Accept the Terms' }));
    await vi.waitFor(() => expect(screen.queryByRole('checkbox')).not.toBeInTheDocument());
    expect(JSON.parse(posts(fetchMock)[0]?.[1]?.body as string)).toEqual({ termsVersion: 4 });
  });

  it('shows nothing to a buyer who accepted the current version', async () => {
    const fetchMock = serve(true);
    renderWithProviders(<TermsGate />, { route: '/dashboard/buy-token' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
