// What form tests share: a fetch that answers every request the same way (and records them), and the
// check that a message stands beside its field (the field is invalid and names the message).
import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** Stubs fetch with `answer` for every request; the mock records the calls (`vi.unstubAllGlobals()` after). */
export function serve(answer: () => Response) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The field is marked invalid and names the message as its description. */
export async function expectMessageAt(label: string, message: string): Promise<void> {
  const field = screen.getByLabelText(label);
  const shown = await screen.findByText(message);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(shown.id);
}
