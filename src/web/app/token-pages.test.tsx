// Pages opened from a link with a single-use secret (password reset, e-mail verification) take the
// token out of the address bar as soon as they have read it, and still use it from memory.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as ResetPassword } from '@/web/app/routes/auth/reset-password';
import { Component as VerifyEmail } from '@/web/app/routes/auth/verify-email';
import { renderWithProviders } from '@/web/test/render';

const TOKEN = 'AbCdEf0123456789_secret-link-token';

/** Opens `url` as the browser would: in the address bar and in the router. */
function open(url: string, page: ReactNode) {
  window.history.replaceState(null, '', url);
  return renderWithProviders(page, { route: url });
}

function serve(answer: (path: string) => Response) {
  const fetchMock = vi.fn(async (path: string, _init?: RequestInit) => answer(path));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodyOf = (init: RequestInit | undefined) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined);

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('a page opened with a secret link', () => {
  it('reset password: removes the token from the address bar at once and sends it with the new password', async () => {
    const fetchMock = serve((path) => (path === '/api/auth/reset-password' ? Response.json({ ok: true }) : Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 })));
    open(`/reset-password?token=${TOKEN}&utm_source=mail`, <ResetPassword />);
    expect(window.location.pathname).toBe('/reset-password');
    expect(window.location.search).toBe('?utm_source=mail');
    expect(window.location.href).not.toContain(TOKEN);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a ledger of quiet herons');
    await user.type(screen.getByLabelText('Confirm password'), 'a ledger of quiet herons');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    await screen.findByText(/Your password was changed/);
    const sent = fetchMock.mock.calls.find(([path]) => path === '/api/auth/reset-password');
    expect(bodyOf(sent?.[1])).toEqual({ token: TOKEN, password: 'a ledger of quiet herons', confirmPassword: 'a ledger of quiet herons' });
  });

  it('e-mail verification: removes the token from the address bar at once and verifies with it, once', async () => {
    const fetchMock = serve((path) => (path === '/api/auth/verify-email' ? Response.json({ email: 'ada@example.com', changed: false }) : Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 })));
    open(`/verify-email?token=${TOKEN}`, <VerifyEmail />);
    expect(window.location.pathname).toBe('/verify-email');
    expect(window.location.search).toBe('');
    await screen.findByText('Your address ada@example.com is verified.');
    const sent = fetchMock.mock.calls.filter(([path]) => path === '/api/auth/verify-email');
    expect(sent.map(([, init]) => bodyOf(init))).toEqual([{ token: TOKEN }]);
  });
});
