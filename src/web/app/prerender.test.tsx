// The sign-in pages' documents hold the page itself (decision 018): the same texts and links as the
// page React renders, with every control disabled until React has replaced it.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { prerender } from './prerender';

function showPrerendered(path: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${prerender(path)}</div>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered sign-in pages', () => {
  it('show the login page with its fields and button disabled', () => {
    const root = showPrerendered('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(root).getAllByRole('button').every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
  });

  it('show the registration page with its fields and button disabled, and its links working', () => {
    const root = showPrerendered('/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Confirm Password']) expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(root.querySelector('link')).toBeNull();
  });

  it('show the password reset pages with their controls disabled and their links working', () => {
    showPrerendered('/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send the link' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    showPrerendered('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Set the new password' })).toBeDisabled();
  });

  it('refuses a path it has no page for', () => {
    expect(() => prerender('/dashboard')).toThrow('No page to prerender at /dashboard');
  });
});
