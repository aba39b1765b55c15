// The content form checks the draft with the server's schema before sending it: a message stands
// beside each field in error, the first of them has the focus, and nothing is sent.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultContent } from '@/domain/content-defaults';
import { operatorAs, renderWithProviders } from '@/web/test/render';
import { ContentForm } from './content-form';

describe('the content form', () => {
  // jsdom lays nothing out, so it has no scrollIntoView: this one records where the form scrolled.
  const scrolledTo: Element[] = [];
  beforeEach(() => {
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    scrolledTo.length = 0;
  });

  it('highlights a content error on its field, focused, and saves nothing', async () => {
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ContentForm initial={defaultContent({ tokenName: 'Presale Token', symbol: 'PRE' })} />, { operator: operatorAs('owner') });

    const answer = screen.getByLabelText('Answer 2', { exact: true });
    await user.clear(answer);
    await user.type(answer, '   ');
    await user.type(screen.getByLabelText('Support contact (optional)'), 'not a contact');
    await user.click(screen.getByRole('button', { name: 'Save content' }));

    expect(await screen.findByText('Nothing was saved')).toBeInTheDocument();
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription('Answer is required.');
    expect(answer).toHaveFocus();
    expect(scrolledTo).toEqual([answer]);
    expect(screen.getByLabelText('Support contact (optional)')).toHaveAccessibleDescription(/Support contact must be an e-mail address/);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });
});
