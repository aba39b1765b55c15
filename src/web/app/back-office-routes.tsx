// Routes of the operator back-office (PRODUCT.md §2, §5): /admin/login, and the guarded /admin layout.
import type { RouteObject } from 'react-router';

export const backOfficeRoutes: RouteObject[] = [
  { path: '/admin/login', lazy: () => import('./routes/back-office/login') },
  {
    path: '/admin',
    lazy: () => import('./routes/back-office/layout'),
    children: [
      { index: true, lazy: () => import('./routes/back-office/cryptos') },
      { path: 'overview', lazy: () => import('./routes/back-office/overview') },
      { path: 'users', lazy: () => import('./routes/back-office/users') },
      { path: 'users/:id', lazy: () => import('./routes/back-office/user') },
      { path: 'transactions', lazy: () => import('./routes/back-office/transactions') },
      { path: 'sale', lazy: () => import('./routes/back-office/sale') },
      { path: 'referrals', lazy: () => import('./routes/back-office/referrals') },
      { path: 'withdrawals', lazy: () => import('./routes/back-office/withdrawals') },
      { path: 'identity', lazy: () => import('./routes/back-office/identity') },
      { path: 'draws', lazy: () => import('./routes/back-office/draws') },
      { path: 'main-currency', lazy: () => import('./routes/back-office/main-currency') },
      { path: 'payments', lazy: () => import('./routes/back-office/payments') },
      { path: 'content', lazy: () => import('./routes/back-office/content') },
      { path: 'pixels', lazy: () => import('./routes/back-office/pixels') },
      { path: 'change-password', lazy: () => import('./routes/back-office/change-password') },
      { path: 'audit', lazy: () => import('./routes/back-office/audit') },
      { path: 'outbox', lazy: () => import('./routes/back-office/outbox') },
      { path: 'operators', lazy: () => import('./routes/back-office/operators') },
      { path: 'distribution', lazy: () => import('./routes/back-office/distribution') },
    ],
  },
];
