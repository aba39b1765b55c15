// Renders the operator's Markdown (privacy, terms) as React elements with react-markdown. Raw HTML
// is never injected: react-markdown turns it into text. Images are left out (a tracking pixel or
// a broken layout is all they could add here), and a link that isLinkable refuses keeps only its text.
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

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

const HEADING_1 = 'text-3xl font-bold tracking-tight';
const HEADING_2 = 'mt-8 text-xl font-semibold';
const HEADING_3 = 'mt-6 text-lg font-semibold';

function Link({ href, children }: ComponentProps<'a'>) {
  const external = href !== undefined && /^https?:/i.test(href);
  return (
    <a href={href} className="text-primary underline underline-offset-4" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

// `node` is react-markdown's syntax node, which must not reach the DOM.
const components: Components = {
  h1: ({ node: _, ...props }) => <h1 className={HEADING_1} {...props} />,
  h2: ({ node: _, ...props }) => <h2 className={HEADING_2} {...props} />,
  h3: ({ node: _, ...props }) => <h3 className={HEADING_3} {...props} />,
  h4: ({ node: _, ...props }) => <h4 className={HEADING_3} {...props} />,
  h5: ({ node: _, ...props }) => <h5 className={HEADING_3} {...props} />,
  h6: ({ node: _, ...props }) => <h6 className={HEADING_3} {...props} />,
  ul: ({ node: _, ...props }) => <ul className="ml-6 list-disc space-y-2" {...props} />,
  ol: ({ node: _, ...props }) => <ol className="ml-6 list-decimal space-y-2" {...props} />,
  code: ({ node: _, ...props }) => <code className="bg-muted rounded px-1 py-0.5 text-sm" {...props} />,
  pre: ({ node: _, ...props }) => <pre className="bg-muted overflow-x-auto rounded p-3" {...props} />,
  blockquote: ({ node: _, ...props }) => <blockquote className="border-l-2 pl-4 italic" {...props} />,
  a: ({ node: _, href, children }) => <Link href={href}>{children}</Link>,
};

const ALLOWED = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'pre', 'blockquote', 'a', 'hr', 'br'];

/** A refused destination becomes an empty href, and a link without one keeps only its text. */
const refuseUnsafeUrl = (url: string): string => (isLinkable(url) ? url : '');

export function Markdown({ source }: { source: string }) {
  return (
    <div className="space-y-4 leading-7">
      <ReactMarkdown
        allowedElements={ALLOWED}
        allowElement={(element) => element.tagName !== 'a' || Boolean(element.properties.href)}
        unwrapDisallowed
        urlTransform={refuseUnsafeUrl}
        components={components}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
