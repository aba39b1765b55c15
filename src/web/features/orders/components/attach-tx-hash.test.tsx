// The order page shows the hash form before its code has loaded (attach-tx-hash.tsx): what the buyer
// typed, the focus and a submit made meanwhile carry over to the checked form, which sends it once.
// waitFor from Testing Library: it waits as long as findBy… (src/test/jsdom-setup.ts), since the
// checked form is a chunk whose first import Vitest transforms (over a second under load).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@/contracts/orders';
import { buyerOrder } from '@/web/test/buyer-order';
import { renderWithProviders } from '@/web/test/render';
import { AttachTxHash } from './attach-tx-hash';

const PENDING: Order = buyerOrder();

const HASH = `0x${'ab'.repeat(32)}`;

function serve() {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === `/api/orders/${PENDING.id}/tx-hash` && init?.method === 'POST') {
      const { txHash } = JSON.parse(init.body as string) as { txHash: string };
      return Response.json({ ...PENDING, txHash });
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('attaching a transaction hash on the order page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what was typed and a submit made before the form had loaded, and sends the hash once', async () => {
    const fetchMock = serve();
    renderWithProviders(<AttachTxHash order={PENDING} />);
    const field = screen.getByRole('textbox', { name: 'Transaction hash' });
    // Reached, typed in and submitted in one go, before the checked form's chunk can arrive (its
    // import settles on a later turn): with a user's pace the chunk sometimes won the race, and the
    // test then said nothing of the submit it is about (or the key landed while the forms swapped).
    act(() => {
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value: ` ${HASH} ` } });
      fireEvent.submit(field.closest('form') as HTMLFormElement);
    });
    expect(posts(fetchMock)).toHaveLength(0);
    // The checked form's first import is transformed by Vitest while the test waits (beside five other lanes on two cores, seconds).
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1), { timeout: 60_000 });
    // The contract's schema trimmed it, as the checked form does.
    expect(JSON.parse(posts(fetchMock)[0]?.[1]?.body as string)).toEqual({ txHash: HASH });
    // Saved: the field is emptied for another hash, and nothing was sent twice.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Transaction hash' })).toHaveValue(''));
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('refuses an empty hash at the field, without sending it', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithProviders(<AttachTxHash order={PENDING} />);
    await user.click(screen.getByRole('button', { name: 'Save hash' }));
    expect(await screen.findByText('Enter the transaction hash.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Transaction hash' })).toHaveAttribute('aria-invalid', 'true');
    expect(posts(fetchMock)).toEqual([]);
  });

  it('keeps the focus in the field when the checked form takes over', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<AttachTxHash order={PENDING} />);
    await user.click(screen.getByRole('textbox', { name: 'Transaction hash' }));
    await user.keyboard('0xab');
    // The checked form has taken over once the field carries react-hook-form's name.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Transaction hash' })).toHaveAttribute('name', 'txHash'));
    expect(screen.getByRole('textbox', { name: 'Transaction hash' })).toHaveFocus();
    await user.keyboard('cd');
    expect(screen.getByRole('textbox', { name: 'Transaction hash' })).toHaveValue('0xabcd');
  });
});
