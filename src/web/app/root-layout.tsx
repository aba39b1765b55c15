// The frame around every routed page: each route change starts at the top of the page, and Back
// returns to where the reader was (React Router's ScrollRestoration; a #hash scrolls to its target).
import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

export function RootLayout() {
  // The stylesheet asks for smooth scrolling (for the landing page's section links). Between routes
  // that would animate the jump to the top, or leave a page mid-scroll: routed pages jump at once.
  useLayoutEffect(() => {
    document.documentElement.style.scrollBehavior = 'auto';
  }, []);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * Shown while the first page's code loads (its route module is lazy). The page used to render
 * nothing then too, but without a fallback React Router warned on every load.
 */
export function FirstLoad() {
  return null;
}
