// A single-use secret that arrives in the link (`/reset-password?token=…`): read once, kept in memory
// for the page, and taken out of the address bar at once, so that it is not left in the history, a
// bookmark, a screenshot or the address a script on the page could read.
import { useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export function useUrlToken(): string {
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') ?? '');
  useLayoutEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    // The router's own entry (history.state) is kept: only the address changes.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return token;
}
