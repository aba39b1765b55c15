import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, parseBlocks } from './markdown';

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

  it('joins wrapped lines into one paragraph', () => {
    expect(parseBlocks('one\ntwo\n\nthree')).toEqual([
      { kind: 'paragraph', text: 'one two' },
      { kind: 'paragraph', text: 'three' },
    ]);
  });
});
