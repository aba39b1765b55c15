// What the first screen of a page asks the API for. main.tsx requests it at once, before the page's
// code has loaded, and the documents of the buyer surfaces preload it (vite.config.ts). Relative
// imports: the build's config imports this file too.
import { urlOf } from '../lib/api-client';
import { isAdminPath, paths } from '../lib/paths';

/**
 * Every buyer-facing page has the sale (the title names the token), the session and the content
 * (the consent banner's pixels); the landing page and Buy Token also list the cryptocurrencies, and
 * Buy Token reads where the buyer stands before ordering (terms, country, identity: its gates).
 * The operator's pages ask for their own data once they render.
 */
export function firstRequests(pathname: string, search = ''): string[] {
  if (isAdminPath(pathname)) return [];
  const common = [urlOf('GET /api/sale'), urlOf('GET /api/auth/session'), urlOf('GET /api/content')];
  if (pathname === paths.home) return [...common, urlOf('GET /api/cryptos')];
  // Asked for after the page had rendered, the gates' three answers came after its code, and a
  // phone's round trip more before the page was complete.
  if (pathname === paths.buyToken) return [...common, urlOf('GET /api/cryptos'), urlOf('GET /api/me/terms'), urlOf('GET /api/me/country'), urlOf('GET /api/me/identity')];
  // The order page's main figure is its order: asked for beside the page's code, not after it.
  const orderToken = pathname === ORDER_PAGE ? new URLSearchParams(search).get('order') : null;
  return orderToken ? [...common, urlOf('GET /api/orders/:orderToken', { params: { orderToken } })] : common;
}

const ORDER_PAGE = new URL(paths.transaction(''), 'http://x').pathname;
