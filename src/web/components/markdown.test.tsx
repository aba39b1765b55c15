import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isLinkable, Markdown } from './markdown';

const SITE = 'https://site.invalid';

describe('Markdown', () => {
  it('renders headings, paragraphs, lists and inline marks', () => {
    render(<Markdown source={'# Terms\n\nRead **this** and *that*.\n\n- one\n- two `x`\n\n1. first\n2. second'} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByText('this').tagName).toBe('STRONG');
    expect(screen.getByText('that').tagName).toBe('EM');
    const lists = screen.getAllByRole('list');
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'OL']);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('never turns text into markup', () => {
    const { container } = render(<Markdown source={'<script>alert(1)</script> <img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('links only to safe destinations', () => {
    render(<Markdown source={'[ok](https://example.com) [home](/terms) [bad](javascript:alert(1)) [proto](//evil.example)'} />);
    expect(screen.getByRole('link', { name: 'ok' })).toHaveAttribute('href', 'https://example.com');
    expect(screen.getByRole('link', { name: 'ok' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('href', '/terms');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'proto' })).toBeNull();
  });

  it.each([
    ['two slashes', '[c](//evil.example)'],
    ['two backslashes', '[c](\\\\evil.example)'],
    ['a javascript: URL', '[c](javascript:alert`1`)'],
    ['a mixed-case javascript: URL', '[c](JaVaScRiPt:alert`1`)'],
    ['a data: URL', '[c](data:text/html,<script>alert`1`</script>)'],
    ['a tab before two slashes', '[c](\t//evil.example)'],
    ['a line break before two slashes', '[c](\n//evil.example)'],
    ['a control character between the slashes', '[c](/\u0001/evil.example)'],
    ['http: without slashes', '[c](http:evil.example)'],
    ['an autolink to a javascript: URL', '<javascript:alert(1)>'],
  ])('shows a link with %s as text, without an anchor', (_, source) => {
    const { container } = render(<Markdown source={source} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).not.toBe('');
  });

  // CommonMark reads a backslash before a letter as itself, and the parser then percent-encodes it:
  // the link stays a path on this site (browsers do not decode %5C), never a way off it.
  it.each([
    ['a backslash after the slash', '[c](/\\evil.example)'],
    ['a slash and a backslash after a path', '[c](/x/\\evil.example)'],
    ['a space before the path', '[c]( /x)'],
  ])('keeps a link with %s on this site', (_, source) => {
    render(<Markdown source={source} />);
    const href = screen.getByRole('link', { name: 'c' }).getAttribute('href') ?? '';
    expect(href).toMatch(/^\/(?![/\\])/);
    expect(new URL(href, SITE).origin).toBe(SITE);
  });

  it('leaves images out', () => {
    const { container } = render(<Markdown source={'![pixel](https://tracker.example/p.gif)'} />);
    expect(container.querySelector('img')).toBeNull();
  });

  it.each([
    ['/privacy', '/privacy'],
    ['https://example.com/x', 'https://example.com/x'],
    ['#fees', '#fees'],
    // Browsers keep %5C escaped in a path, so this stays a path on this site.
    ['/%5Cevil', '/%5Cevil'],
  ])('links to %s', (href, expected) => {
    render(<Markdown source={`[c](${href})`} />);
    expect(screen.getByRole('link', { name: 'c' })).toHaveAttribute('href', expected);
  });

  it.each([
    '/\\evil.example',
    '//evil.example',
    '\\\\evil.example',
    ' /x',
    '\t/x',
    '/x\n',
    '\u0000/x',
    '/\t/evil.example',
    '/\u0085/evil.example',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http:evil.example',
    'https:/evil.example',
    'ftp://example.com/',
    '#',
    '#a b',
    '#x"onclick',
    '',
  ])('refuses %j as a link destination', (href) => {
    expect(isLinkable(href)).toBe(false);
  });

  it.each(['/', '/privacy', '/terms#fees', '/%5Cevil', '/%2F%2Fevil', '#fees', 'https://example.com/x', 'HTTP://example.com', 'mailto:privacy@example.com'])(
    'accepts %j as a link destination',
    (href) => {
      expect(isLinkable(href)).toBe(true);
    },
  );

  it('joins wrapped lines into one paragraph', () => {
    const { container } = render(<Markdown source={'one\ntwo\n\nthree'} />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent.replace(/\s+/g, ' '))).toEqual(['one two', 'three']);
  });
});
