// The first script of /transparency, a document of its own like the landing page (decision 013):
// a page visitors open from a link to check the figures, so it boots without the router. It asks
// for the page's data at once, then mounts the page.
import { requestEarly, urlOf } from './lib/api-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from transparency.html');

requestEarly([
  urlOf('GET /api/transparency'),
  // PUBLIC_ORDERS_PAGE_SIZE (api/transparency.ts), written out: this script imports only the API client.
  urlOf('GET /api/transparency/orders', { query: { page: 1, pageSize: 20 } }),
  urlOf('GET /api/sale'),
  urlOf('GET /api/auth/session'),
  urlOf('GET /api/content'),
  urlOf('GET /api/cryptos'),
]);

import('./app/transparency-app').then(
  (app) => app.mount(root),
  () => {
    root.textContent = 'This page could not be loaded. Reload the page to try again.';
  },
);
