// The registration form refuses what its schema refuses in the browser, with the message on the
// screen, and sends nothing: differing passwords, a malformed e-mail, a short password, no country.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/web/test/render';
import { RegisterForm } from './register-form';

const BUYER = { name: 'Test Buyer', email: 'buyer@example.com', phone: '+1 555 0100', password: 'correct-horse-42' };

const TERMS = { version: 3, markdown: 'Terms.', sha256: 'a'.repeat(64), publishedAt: '2026-11-01T00:00:00.000Z' };

function serve() {
  const fetchMock = vi.fn(async (path: string, _init?: RequestInit) =>
    path === '/api/terms' ? Response.json(TERMS) : Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 }),
  );
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

  it('asks for the Terms box, not ticked in advance, naming the current version, and sends nothing without it', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm next={null} />, { route: '/register' });
    const box = await screen.findByRole('checkbox', { name: 'I accept the Terms (version 3)' });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms/v/3');
    await user.type(screen.getByLabelText('Full Name'), BUYER.name);
    await user.type(screen.getByLabelText('Email Address'), BUYER.email);
    await user.type(screen.getByLabelText('Password', { exact: true }), BUYER.password);
    await user.type(screen.getByLabelText('Confirm Password', { exact: true }), BUYER.password);
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'Portugal');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Accept the Terms to continue.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(registerPosts(fetchMock)).toEqual([]);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(registerPosts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(registerPosts(fetchMock)[0]?.[1]?.body as string)).toMatchObject({ termsVersion: 3, country: 'PT' });
  });

  it('asks for the country of residence, none chosen in advance, and sends nothing without it', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm next={null} />, { route: '/register' });
    const select = screen.getByLabelText('Country of residence');
    expect(select).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Germany' })).toHaveValue('DE');
    await user.type(screen.getByLabelText('Full Name'), BUYER.name);
    await user.type(screen.getByLabelText('Email Address'), BUYER.email);
    await user.type(screen.getByLabelText('Password', { exact: true }), BUYER.password);
    await user.type(screen.getByLabelText('Confirm Password', { exact: true }), BUYER.password);
    await user.click(await screen.findByRole('checkbox', { name: 'I accept the Terms (version 3)' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Choose your country of residence.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(registerPosts(fetchMock)).toEqual([]);
  });
});
