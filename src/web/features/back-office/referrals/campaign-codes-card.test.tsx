// The Referrals page's campaign codes (issue 31): each code's uses and tokens from the server, and a
// refused code shows every server message next to its field.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCampaignCode } from '@/contracts/campaigns';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { CampaignCodesCard } from './campaign-codes-card';

const SPRING: AdminCampaignCode = {
  id: 1,
  code: 'SPRING',
  buyerPercent: '10',
  referrerPercent: '2.5',
  referrer: 'partner@example.com',
  usageLimit: 50,
  endsAt: '2026-12-31T12:00:00.000Z',
  uses: 3,
  buyerTokens: '1234.5',
  referrerTokens: '308.625',
  createdAt: '2026-11-20T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('campaign codes on the Referrals page', () => {
  it('lists each code’s uses and tokens, and shows the server’s refusals next to their fields', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (path === '/api/admin/campaign-codes' && init?.method === 'POST') {
          posted.push(JSON.parse(init.body as string));
          return Response.json(
            { error: { code: 'invalid_input', message: 'This code already exists.', fields: { code: 'This code already exists.', referrerEmail: 'No buyer account has this e-mail.' } } },
            { status: 400 },
          );
        }
        if (path === '/api/admin/campaign-codes') return Response.json({ codes: [SPRING] });
        return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CampaignCodesCard />, { operator: operatorAs('owner') });
    const row = (await screen.findByRole('cell', { name: 'SPRING' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('3 of 50')).toBeInTheDocument();
    expect(within(row).getByText('1,234.5')).toBeInTheDocument();
    expect(within(row).getByText('partner@example.com (2.5%)')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New campaign code' });
    await user.type(within(form).getByLabelText('Code'), 'spring');
    await user.type(within(form).getByLabelText('Buyer bonus (%)'), '10');
    await user.type(within(form).getByLabelText('Ends'), '2026-12-31T12:00');
    await user.type(within(form).getByLabelText('Referrer e-mail'), 'nobody@example.com');
    await user.clear(within(form).getByLabelText('Referrer reward (%)'));
    await user.type(within(form).getByLabelText('Referrer reward (%)'), '2');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByText('This code already exists.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription('This code already exists.');
    expect(within(form).getByLabelText('Referrer e-mail')).toHaveAccessibleDescription('No buyer account has this e-mail.');
    expect(posted).toMatchObject([{ code: 'spring', buyerPercent: '10', referrerPercent: '2', referrerEmail: 'nobody@example.com', usageLimit: '' }]);
  });

  it('hides the form from a viewer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ codes: [] })));
    renderWithProviders(<CampaignCodesCard />, { operator: operatorAs('viewer') });
    expect(await screen.findByText('No campaign codes yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New campaign code' })).not.toBeInTheDocument();
  });
});
