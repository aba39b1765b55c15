// Routes of PRODUCT.md §2. Each surface's pages are lazy-loaded route modules under app/routes.
import { createBrowserRouter } from 'react-router';
import { backOfficeRoutes } from './back-office-routes';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
  {
    // One error page for every route: an unexpected failure never shows a blank page or a stack.
    ErrorBoundary: RouteError,
    children: [
  { path: '/', lazy: () => import('./routes/landing') },
  { path: '/login', lazy: () => import('./routes/auth/login') },
  { path: '/register', lazy: () => import('./routes/auth/register') },
  { path: '/privacy', lazy: () => import('./routes/legal/privacy') },
  { path: '/terms', lazy: () => import('./routes/legal/terms') },
  {
    path: '/dashboard',
    lazy: () => import('./routes/dashboard/layout'),
    children: [
      { index: true, lazy: () => import('./routes/dashboard/home') },
      { path: 'buy-token', lazy: () => import('./routes/dashboard/buy-token') },
      { path: 'profile', lazy: () => import('./routes/dashboard/profile') },
      { path: 'transaction', lazy: () => import('./routes/dashboard/transaction') },
      { path: 'my-token', lazy: () => import('./routes/dashboard/my-token') },
      { path: 'status', lazy: () => import('./routes/dashboard/status') },
      { path: 'leaderboard', lazy: () => import('./routes/dashboard/leaderboard') },
      { path: 'docs', lazy: () => import('./routes/dashboard/docs') },
      { path: 'how-to-buy', lazy: () => import('./routes/dashboard/how-to-buy') },
      { path: 'withdrawal/binance', lazy: () => import('./routes/dashboard/withdrawal-binance') },
    ],
  },
  ...backOfficeRoutes,
  { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
