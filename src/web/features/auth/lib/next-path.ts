// Where to go after signing in: the dashboard page the visitor wanted, never another site.
import { paths } from '@/web/lib/paths';

/** `next` if it is a same-site path under /dashboard, else null. */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (url.pathname !== paths.dashboard && !url.pathname.startsWith(`${paths.dashboard}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page to open after signing in or registering. */
export function afterSignIn(next: string | null): string {
  return safeNext(next) ?? paths.buyToken;
}

/** A link to `path` that carries `next` along (login ↔ register). */
export function withNext(path: string, next: string | null): string {
  const safe = safeNext(next);
  return safe ? `${path}?next=${encodeURIComponent(safe)}` : path;
}
