// The registration form refuses what its schema refuses in the browser, with the message on the
// screen, and sends nothing: differing passwords, a malformed e-mail, a short password.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { RegisterForm } from './register-form';

const BUYER = { name: 'Test Buyer', email: 'buyer@example.com', phone: '+1 555 0100', password: 'correct-horse-42' };

function serve() {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const registerPosts = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([path, init]) => path === '/api/auth/register' && init?.method === 'POST');

describe('the registration form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['passwords that differ', { confirmPassword: 'something-else-1' }, 'Passwords do not match.'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'Enter a valid email address.'],
    ['a password too short', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters.'],
  ])('refuses %s in the browser and sends nothing', async (_case, change, message) => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm next={null} />, { route: '/register' });
    const typed = { ...BUYER, confirmPassword: BUYER.password, ...change };
    await user.type(screen.getByLabelText('Full Name'), typed.name);
    await user.type(screen.getByLabelText('Email Address'), typed.email);
    await user.type(screen.getByLabelText('Phone Number'), typed.phone);
    await user.type(screen.getByLabelText('Password', { exact: true }), typed.password);
    await user.type(screen.getByLabelText('Confirm Password', { exact: true }), typed.confirmPassword);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(registerPosts(fetchMock)).toEqual([]);
  });
});
