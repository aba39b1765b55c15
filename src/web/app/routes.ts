// Routes of PRODUCT.md §2 for visitors and buyers (the back-office's are in back-office-routes).
// Each page is a lazily loaded route module under app/routes. The table holds no router code, so
// the first script can use it to start loading a page's module while the router itself is still
// loading (see preload-route.ts).
import type { RouteObject } from 'react-router';

export const routes: RouteObject[] = [
  { path: '/', lazy: () => import('./routes/landing') },
  { path: '/login', lazy: () => import('./routes/auth/login') },
  { path: '/register', lazy: () => import('./routes/auth/register') },
  { path: '/forgot-password', lazy: () => import('./routes/auth/forgot-password') },
  { path: '/reset-password', lazy: () => import('./routes/auth/reset-password') },
  { path: '/verify-email', lazy: () => import('./routes/auth/verify-email') },
  { path: '/privacy', lazy: () => import('./routes/legal/privacy') },
  { path: '/terms', lazy: () => import('./routes/legal/terms') },
  { path: '/terms/v/:version', lazy: () => import('./routes/legal/terms-version') },
  { path: '/transparency', lazy: () => import('./routes/transparency') },
  {
    path: '/dashboard',
    lazy: () => import('./routes/dashboard/layout'),
    children: [
      { index: true, lazy: () => import('./routes/dashboard/home') },
      { path: 'buy-token', lazy: () => import('./routes/dashboard/buy-token') },
      { path: 'profile', lazy: () => import('./routes/dashboard/profile') },
      { path: 'transaction', lazy: () => import('./routes/dashboard/transaction') },
      { path: 'receipt', lazy: () => import('./routes/dashboard/receipt') },
      { path: 'my-token', lazy: () => import('./routes/dashboard/my-token') },
      { path: 'status', lazy: () => import('./routes/dashboard/status') },
      { path: 'leaderboard', lazy: () => import('./routes/dashboard/leaderboard') },
      { path: 'verification', lazy: () => import('./routes/dashboard/verification') },
      { path: 'docs', lazy: () => import('./routes/dashboard/docs') },
      { path: 'how-to-buy', lazy: () => import('./routes/dashboard/how-to-buy') },
      { path: 'withdrawal/binance', lazy: () => import('./routes/dashboard/withdrawal-binance') },
    ],
  },
  { path: '/oligarhvalera/*', lazy: () => import('./routes/legacy-operator') },
  { path: '*', lazy: () => import('./routes/not-found') },
];
