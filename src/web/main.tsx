// The first script: it asks for the page's data and code at once, then mounts the page. The
// landing page boots on its own (app/landing-app.tsx); every other page boots in the router.
import { requestEarly } from './lib/api-client';
import { isAdminPath, paths } from './lib/paths';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const { pathname } = window.location;
const onLanding = pathname === paths.home;
const onAdmin = isAdminPath(pathname);

/**
 * What the first screen of `pathname` asks the API for as soon as it renders: every buyer-facing
 * page has the sale (the title names the token), the session and the content (the consent
 * banner's pixels); the landing page and Buy Token also list the cryptocurrencies.
 */
function firstRequests(): string[] {
  if (onAdmin) return [];
  const common = ['/api/sale', '/api/auth/session', '/api/content'];
  return onLanding || pathname === paths.buyToken ? [...common, '/api/cryptos'] : common;
}
requestEarly(firstRequests());

// Two import statements, not one conditional expression: the build attaches each one's
// dependency list to it, and the landing page must not preload the router's.
async function loadSurface(): Promise<{ mount: (root: HTMLElement) => void }> {
  if (onLanding) return import('./app/landing-app');
  // A buyer's page loads its own module beside the router instead of after it. (The operator's
  // pages do not.) The route table comes in a chunk of its own, so the landing page's first
  // script does not carry it nor the list of every route's chunks (decision 013).
  if (!onAdmin) import('./app/preload-route').then(({ preloadRoute }) => preloadRoute(pathname), () => undefined);
  return import('./app/app');
}

loadSurface().then(
  (app) => app.mount(root),
  () => {
    root.textContent = 'This page could not be loaded. Reload the page to try again.';
  },
);
