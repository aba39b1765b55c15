// The forms that set a password show the server's reason for refusing it next to the password field.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as ChangeOperatorPassword } from '@/web/app/routes/back-office/change-password';
import { RegisterForm } from '@/web/features/auth/components/register-form';
import { PasswordForm } from '@/web/features/dashboard/components/password-form';
import { renderWithProviders } from '@/web/test/render';

const WEAK = 'This password is too common or easy to guess: it is one of the most used passwords. Use a longer phrase of unrelated words.';

/** Answers GETs as a signed-out buyer or as the operator (anything else: 404), and refuses the password change with `field`'s reason. */
function serveRefusal(field: string) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET') {
      if (path === '/api/admin/me') return Response.json({ id: 1, login: 'operator' });
      if (path === '/api/auth/session') return Response.json({ buyer: null });
      if (path === '/api/terms') return Response.json({ version: 3, markdown: 'Terms.', sha256: 'a'.repeat(64), publishedAt: '2026-11-01T00:00:00.000Z' });
      return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    }
    return Response.json({ error: { code: 'invalid_input', message: WEAK, fields: { [field]: WEAK } } }, { status: 400 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function expectMessageOn(label: string) {
  const field = screen.getByLabelText(label, { exact: true });
  const message = await screen.findByText(WEAK);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a refused password shows the server’s reason next to the field', () => {
  it('on registration', async () => {
    const fetchMock = serveRefusal('password');
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm next={null} />);
    await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), '12345678');
    await user.type(screen.getByLabelText('Confirm Password'), '12345678');
    await user.selectOptions(screen.getByLabelText('Country of residence'), 'Portugal');
    await user.click(await screen.findByRole('checkbox', { name: 'I accept the Terms (version 3)' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await expectMessageOn('Password');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/register', expect.objectContaining({ method: 'POST' }));
  });

  it('on the buyer’s password change', async () => {
    serveRefusal('newPassword');
    const user = userEvent.setup();
    renderWithProviders(<PasswordForm />);
    await user.type(screen.getByLabelText('Current password'), 'correct horse battery');
    await user.type(screen.getByLabelText('New password'), '12345678');
    await user.type(screen.getByLabelText('Confirm new password'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await expectMessageOn('New password');
  });

  it('on the operator’s Change Pass page', async () => {
    serveRefusal('newPassword');
    const user = userEvent.setup();
    renderWithProviders(<ChangeOperatorPassword />);
    expect(await screen.findByDisplayValue('operator')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Old password'), 'operator password 1');
    await user.type(screen.getByLabelText('New password'), '12345678');
    await user.type(screen.getByLabelText('Confirm new password'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await expectMessageOn('New password');
  });
});
