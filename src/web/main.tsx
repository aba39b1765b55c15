// The first script of every page but the landing page (which has landing.html and
// landing-main.tsx): it asks for the page's data and code at once, then mounts the router.
import { firstRequests } from './app/first-requests';
import { preloadRoute } from './app/preload-route';
import { requestEarly } from './lib/api-client';
import { isAdminPath, paths } from './lib/paths';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const { pathname, search } = window.location;
// The server sends landing.html for `/`; the Vite dev server sends this document for every path.
const onLanding = pathname === paths.home;
const onAdmin = isAdminPath(pathname);

requestEarly(firstRequests(pathname, search));

// Two import statements, not one conditional expression: the build attaches each one's
// dependency list to it, and the landing page must not preload the router's.
async function loadSurface(): Promise<{ mount: (root: HTMLElement) => void }> {
  if (onLanding) return import('./app/landing-app');
  // A buyer's page loads its own module beside the router instead of after it (the route table is
  // in this script for that). The operator's pages do not.
  if (!onAdmin) preloadRoute(pathname);
  return import('./app/app');
}

loadSurface().then(
  (app) => app.mount(root),
  () => {
    root.textContent = 'This page could not be loaded. Reload the page to try again.';
  },
);
