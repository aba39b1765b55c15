// The Stages section of the Sale page (issue 30): the server's messages stand at their stage's field
// (the list's above the list), a price that does not rise is warned of without blocking, closed stages
// are read-only and a stage with sales keeps its price, and "End stage now" says what it does first.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStage } from '@/contracts/sale';
import { expectMessageAt, serve } from '@/web/test/form';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { StagesSection } from './stages-section';

const stage = (number: number, changes: Partial<AdminStage>): AdminStage => ({
  id: number * 10,
  number,
  name: `Stage ${String(number)}`,
  priceUsd: '0.01',
  allocation: '1000000',
  capacity: '1000000',
  tokensSold: '0',
  rewardTokens: '0',
  tokensLeft: '1000000',
  tokensCommitted: '0',
  hasSales: false,
  endsAt: null,
  openedAt: null,
  closedAt: null,
  closeReason: null,
  state: 'upcoming',
  ...changes,
});

const STAGES: AdminStage[] = [
  stage(1, { name: 'Seed', state: 'closed', closeReason: 'sold_out', closedAt: '2026-11-20T10:00:00.000Z', tokensSold: '1000000', tokensCommitted: '1000000', tokensLeft: '0', hasSales: true }),
  stage(2, { name: 'Early', priceUsd: '0.0105', state: 'current', tokensSold: '2000', tokensCommitted: '2500', tokensLeft: '997500', hasSales: true }),
  stage(3, { name: 'Public', priceUsd: '0.011' }),
];

function renderSection(stages = STAGES) {
  renderWithProviders(<StagesSection stages={stages} unsoldStageTokens="roll_over" symbol="PRE" />, { operator: operatorAs('owner') });
}

describe('stages section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's messages at their stage's field and the list's above the list", async () => {
    const user = userEvent.setup();
    const list = "The stages' allocations add up to 1,100,000,000 PRE, more than the total supply of 1,000,000,000 PRE.";
    const allocation = 'Stage 2 holds 2,500 PRE in orders: its allocation cannot be less.';
    const fetchMock = serve(() => Response.json({ error: { code: 'invalid_input', message: list, fields: { stages: list, 'stages.1.allocation': allocation } } }, { status: 400 }));
    renderSection();
    await user.clear(screen.getByLabelText('Stage 3 Allocation'));
    await user.type(screen.getByLabelText('Stage 3 Allocation'), '1098000000');
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    await expectMessageAt('Stage 2 Allocation', allocation);
    expect(within(screen.getByRole('form', { name: 'Stages' })).getAllByRole('alert')[0]).toHaveTextContent(list);
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '{}')).toEqual({
      stages: [
        { id: 10, name: 'Seed', priceUsd: '0.01', allocation: '1000000', endsAt: null },
        { id: 20, name: 'Early', priceUsd: '0.0105', allocation: '1000000', endsAt: null },
        { id: 30, name: 'Public', priceUsd: '0.011', allocation: '1098000000', endsAt: null },
      ],
      unsoldStageTokens: 'roll_over',
    });
  });

  it("checks a stage before sending it: an allocation of 0 is named at its field and nothing is sent", async () => {
    const user = userEvent.setup();
    const fetchMock = serve(() => Response.json({}));
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Add a stage' }));
    await user.type(screen.getByLabelText('Stage 4 Allocation'), '0');
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    await expectMessageAt('Stage 4 Allocation', 'Allocation must be greater than zero.');
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT')).toHaveLength(0);
  });

  it('warns under the price of a stage that does not cost more than the one before, and still saves', async () => {
    const user = userEvent.setup();
    const fetchMock = serve(() => Response.json({ stages: STAGES, unsoldStageTokens: 'roll_over', hardCap: '3000000' }));
    renderSection();
    const price = screen.getByLabelText('Stage 3 Price (USD)');
    await user.clear(price);
    await user.type(price, '0.01');
    const warning = "Not higher than stage 2's price: buyers usually expect each stage to cost more.";
    expect(price).toHaveAccessibleDescription(warning);
    expect(price).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT')).toHaveLength(1));
  });

  it('keeps closed stages read-only, fixes the price of a stage with sales, and moves or removes only stages after the current one', () => {
    serve(() => Response.json({}));
    renderSection();
    for (const field of ['Name', 'Price (USD)', 'Allocation', 'Ends (optional)']) expect(screen.getByLabelText(`Stage 1 ${field}`)).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Stage 2 Price (USD)')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Stage 2 Allocation')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Stage 3 Price (USD)')).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Remove stage 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove stage 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove stage 3' })).toBeInTheDocument();
    expect(screen.getByText('Sold 2,000 PRE · Left 997,500 PRE')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'End stage now' })).toHaveLength(1);
  });

  it('asks before ending the current stage, naming it and where its unsold tokens go', async () => {
    const user = userEvent.setup();
    const ended = STAGES.map((s) => (s.number === 2 ? { ...s, state: 'closed' as const, closeReason: 'ended_early' as const } : s.number === 3 ? { ...s, state: 'current' as const } : s));
    const fetchMock = serve(() => Response.json({ stages: ended, unsoldStageTokens: 'roll_over', hardCap: '3000000' }));
    renderSection();
    await user.click(screen.getByRole('button', { name: 'End stage now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End stage 2, Early, now?' });
    expect(dialog).toHaveTextContent('Its 997,500 PRE not yet sold roll into the next stage');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'End stage now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End stage' }));
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([path]) => path)).toEqual(['/api/admin/sale/stages/20/end']));
    await vi.waitFor(() => expect(screen.getByLabelText('Stage 2 Price (USD)')).toHaveAttribute('readonly'));
    expect(screen.getByLabelText('Stage 2 Name')).toHaveAttribute('readonly');
  });
});
