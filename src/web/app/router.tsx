// Routes of PRODUCT.md §2. Each surface's pages are lazy-loaded route modules under app/routes.
import { createBrowserRouter } from 'react-router';
import { adminRoutes } from './admin-routes';

export const router = createBrowserRouter([
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
    ],
  },
  ...adminRoutes,
  { path: '*', lazy: () => import('./routes/not-found') },
]);
