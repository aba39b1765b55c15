// Every href in the app comes from here.
export type LandingSection = 'top' | 'tokendetails' | 'rewards' | 'cybertruck' | 'tokenomic' | 'faq';

export const paths = {
  home: '/',
  homeSection: (id: LandingSection) => `/#${id}`,
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  privacy: '/privacy',
  terms: '/terms',
  termsVersion: (version: number) => `/terms/v/${String(version)}`,
  transparency: '/transparency',
  referral: (code: string) => `/r/${encodeURIComponent(code)}`,
  dashboard: '/dashboard',
  buyToken: '/dashboard/buy-token',
  transaction: (orderToken: string) => `/dashboard/transaction?order=${encodeURIComponent(orderToken)}`,
  receipt: (orderToken: string) => `/dashboard/receipt?order=${encodeURIComponent(orderToken)}`,
  profile: '/dashboard/profile',
  status: '/dashboard/status',
  myToken: '/dashboard/my-token',
  docs: '/dashboard/docs',
  howToBuy: '/dashboard/how-to-buy',
  withdrawalBinance: '/dashboard/withdrawal/binance',
  leaderboard: '/dashboard/leaderboard',
  verification: '/dashboard/verification',
  admin: {
    login: '/admin/login',
    root: '/admin',
    overview: '/admin/overview',
    users: '/admin/users',
    transactions: '/admin/transactions',
    sale: '/admin/sale',
    mainCurrency: '/admin/main-currency',
    payments: '/admin/payments',
    pixels: '/admin/pixels',
    changePassword: '/admin/change-password',
    content: '/admin/content',
    audit: '/admin/audit',
    outbox: '/admin/outbox',
    operators: '/admin/operators',
    distribution: '/admin/distribution',
    referrals: '/admin/referrals',
    withdrawals: '/admin/withdrawals',
    identity: '/admin/identity',
    draws: '/admin/draws',
    user: (id: number) => `/admin/users/${id}`,
  },
} as const;

/** Pages opened from a link that carries a single-use secret (`?token=`): no pixels there, even once the token has left the address bar. */
export function isTokenPath(pathname: string): boolean {
  return pathname === paths.resetPassword || pathname === paths.verifyEmail;
}

/** Whether `pathname` is a back-office page (no consent banner, pixels or buyer data there). */
export function isAdminPath(pathname: string): boolean {
  return pathname === paths.admin.root || pathname.startsWith(`${paths.admin.root}/`);
}
