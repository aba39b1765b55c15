// The buyer's Verification page (decision 041): both files asked before anything is sent, the
// server's message for each file shown at it, the reviewer's reason after a rejection, the provider's
// link in provider mode.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_INVALID, DOCUMENT_REQUIRED, type MyIdentity } from '@/contracts/identity';
import { Component as Verification } from '@/web/app/routes/dashboard/verification';
import { renderWithProviders } from '@/web/test/render';

const MINE: MyIdentity = { thresholdUsd: '1000', committedUsd: '1200', mode: 'review', status: 'none', reason: null, submittedAt: null, decidedAt: null, flowUrl: null };

function serve(mine: MyIdentity, upload?: () => Response) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/me/identity/documents' && init?.method === 'POST' && upload) return upload();
    if (path === '/api/me/identity') return Response.json(mine);
    return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([path, init]) => path === '/api/me/identity/documents' && init?.method === 'POST');

describe('the Verification page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both files, then shows the server’s message at the file it refused', async () => {
    const fetchMock = serve(MINE, () => Response.json({ error: { code: 'invalid_input', message: DOCUMENT_INVALID, fields: { document: DOCUMENT_INVALID } } }, { status: 400 }));
    const user = userEvent.setup();
    renderWithProviders(<Verification />, { route: '/dashboard/verification' });
    expect(await screen.findByText(/Orders totalling more than 1000 USD need a verified identity/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findAllByText(DOCUMENT_REQUIRED)).toHaveLength(2);
    expect(posts(fetchMock)).toEqual([]);

    await user.upload(screen.getByLabelText('Identity document'), new File(['not an image'], 'passport.png', { type: 'image/png' }));
    await user.upload(screen.getByLabelText('Selfie'), new File(['\u0089PNG'], 'me.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(DOCUMENT_INVALID)).toBeInTheDocument();
    expect(screen.getByLabelText('Identity document')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Selfie')).not.toHaveAttribute('aria-invalid');
    const body = JSON.parse(posts(fetchMock)[0]?.[1]?.body as string) as { document: string; selfie: string };
    expect(body.document).toMatch(/^data:image\/png;base64,/);
  });

  it('shows the reviewer’s reason after a rejection, with the form to send again', async () => {
    serve({ ...MINE, status: 'rejected', reason: 'The photo is blurred.', decidedAt: new Date().toISOString() });
    renderWithProviders(<Verification />, { route: '/dashboard/verification' });
    expect(await screen.findByText('The photo is blurred.')).toBeInTheDocument();
    expect(screen.getByText('Not accepted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send for review' })).toBeInTheDocument();
  });

  it('sends the buyer to the provider’s flow in provider mode', async () => {
    serve({ ...MINE, mode: 'provider', flowUrl: 'https://kyc.example/flow?ref=7' });
    renderWithProviders(<Verification />, { route: '/dashboard/verification' });
    expect(await screen.findByRole('link', { name: 'Verify my identity with the provider' })).toHaveAttribute('href', 'https://kyc.example/flow?ref=7');
    expect(screen.queryByRole('button', { name: 'Send for review' })).not.toBeInTheDocument();
  });
});
