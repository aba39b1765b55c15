// The first script of the landing page, a document of its own (landing.html; decision 013): it asks
// for the page's data at once, then mounts the page without the router or its route table.
import { requestEarly, urlOf } from './lib/api-client';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from landing.html');

requestEarly([urlOf('GET /api/sale'), urlOf('GET /api/auth/session'), urlOf('GET /api/content'), urlOf('GET /api/cryptos')]);

import('./app/landing-app').then(
  (app) => app.mount(root),
  () => {
    root.textContent = 'This page could not be loaded. Reload the page to try again.';
  },
);
