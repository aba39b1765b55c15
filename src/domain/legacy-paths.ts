// The original kit's operator paths (PRODUCT.md §2): operators who bookmarked them land on the
// matching back-office page. One table for the server's redirect and the client router's.

/** The kit's back-office pages under /oligarhvalera/dashboard/ that have a page of the same name under /admin. */
const SAME_NAME = new Set(['users', 'transactions', 'pixels', 'change-password', 'main-currency', 'sale', 'content', 'payments', 'audit', 'overview']);

/** Where an original-kit operator path goes now, or null when `pathname` is not one. */
export function legacyOperatorTarget(pathname: string): string | null {
  const match = /^\/oligarhvalera(?:\/(.*?))?\/?$/.exec(pathname);
  if (!match) return null;
  const rest = (match[1] ?? '').toLowerCase();
  if (rest === 'login') return '/admin/login';
  const page = /^dashboard\/([a-z-]+)\/?$/.exec(rest)?.[1];
  return page && SAME_NAME.has(page) ? `/admin/${page}` : '/admin';
}
