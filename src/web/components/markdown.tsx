// Renders the operator's Markdown (privacy, terms) as React elements. A deliberately small subset —
// headings, paragraphs, lists, bold, italic, code and links — and no raw HTML: text is never
// injected as markup, and a link that isLinkable refuses is shown as plain text.
import { Fragment, type ReactNode } from 'react';

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (line === '') {
      flush();
    } else if (heading?.[1] && heading[2] !== undefined) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3, text: heading[2] });
    } else if (bullet?.[1] !== undefined || numbered?.[1] !== undefined) {
      const ordered = numbered !== null;
      const item = (numbered?.[1] ?? bullet?.[1]) as string;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item);
    } else if (list && /^\s{2,}/.test(raw)) {
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last] ?? ''} ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

// Browsers drop tabs and newlines anywhere in a URL and spaces or control characters around it, and
// read a backslash as a slash, so `/\evil.example` or `/<tab>/evil.example` opens evil.example.
const UNSAFE_CHARACTER = /[\s\p{Cc}\\]/u;
const PLAIN_FRAGMENT = /^#[\w-]+$/;
const SAME_SITE_PATH = /^\/(?![/\\])/;
const ABSOLUTE_URL = /^(https?:\/\/|mailto:)/i;
const SITE = 'https://site.invalid';

/**
 * Whether a Markdown link destination may become an `href`: a plain `#fragment`, a path on this site,
 * or an absolute http(s) or mailto URL. A path must also still resolve to this site once parsed, as a
 * second line of defence. A percent-encoded backslash or slash (`/%5Cevil`) stays a link: browsers
 * do not decode escapes when parsing a URL, so it is a path on this site like any other.
 */
export function isLinkable(href: string): boolean {
  if (UNSAFE_CHARACTER.test(href)) return false;
  if (PLAIN_FRAGMENT.test(href)) return true;
  if (SAME_SITE_PATH.test(href)) return parseUrl(href, SITE)?.origin === SITE;
  const protocol = ABSOLUTE_URL.test(href) ? parseUrl(href)?.protocol : undefined;
  return protocol === 'http:' || protocol === 'https:' || protocol === 'mailto:';
}

// `URL.parse` would do, but Safari has it only since 18.
function parseUrl(href: string, base?: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** Inline marks: **bold**, *italic*, `code`, [text](href). */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let key = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const [whole, bold, italic, code, label, href] = m;
    if (bold !== undefined) out.push(<strong key={key++}>{renderInline(bold)}</strong>);
    else if (italic !== undefined) out.push(<em key={key++}>{renderInline(italic)}</em>);
    else if (code !== undefined) out.push(<code key={key++} className="bg-muted rounded px-1 py-0.5 text-sm">{code}</code>);
    else if (label !== undefined && href !== undefined && isLinkable(href)) {
      const external = /^https?:/i.test(href);
      out.push(
        <a key={key++} href={href} className="text-primary underline underline-offset-4" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {label}
        </a>,
      );
    } else out.push(whole);
    last = m.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ source }: { source: string }) {
  return (
    <div className="space-y-4 leading-7">
      {parseBlocks(source).map((block, i) => {
        if (block.kind === 'heading') {
          const Tag = (['h1', 'h2', 'h3'] as const)[block.level - 1] ?? 'h3';
          const size = block.level === 1 ? 'text-3xl font-bold tracking-tight' : block.level === 2 ? 'mt-8 text-xl font-semibold' : 'mt-6 text-lg font-semibold';
          return (
            <Tag key={i} className={size}>
              {renderInline(block.text)}
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={i} className={block.ordered ? 'ml-6 list-decimal space-y-2' : 'ml-6 list-disc space-y-2'}>
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </List>
          );
        }
        return (
          <p key={i}>
            <Fragment>{renderInline(block.text)}</Fragment>
          </p>
        );
      })}
    </div>
  );
}
