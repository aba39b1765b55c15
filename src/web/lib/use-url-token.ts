// A single-use secret that arrives in the link (`/reset-password?token=…`): read once, kept in memory
// for the page, and taken out of the address bar at once, so that it is not left in the history, a
// bookmark, a screenshot or the address a script on the page could read.
// It reads the address itself rather than through the router: this file is in the shell chunk, which
// the landing page loads and which must never import the router (vite.config.ts, ROUTER).
import { useLayoutEffect, useState } from 'react';

export function useUrlToken(): string {
  // Empty when the page is prerendered at build time, where there is no address.
  const [token] = useState(() => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '')));
  useLayoutEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    // The router's own entry (history.state) is kept: only the address changes.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return token;
}
