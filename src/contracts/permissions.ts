// Who in the operator team may call which back-office route (issue 15), kept in this one place: the
// server's operator guard enforces it for every route it matched, the web hides what a role cannot
// do, and a test walks the server's route table × every role against it.
//
// Deny by default: an operator route missing here is allowed to Owners only (and the route-table
// test fails until it is listed).
import type { EndpointKey } from './endpoint';

export const ROLES = ['owner', 'manager', 'approver', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', approver: 'Approver', viewer: 'Viewer' };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including operators, wallets and keys, RPC endpoints and backups.',
  manager: 'Sale settings, token price, cryptos and rates, content, pixels, payment decisions; identity checks if an Owner allows; not operators, wallets or keys.',
  approver: 'Transactions and payment reviews; reads users.',
  viewer: 'Reads everything except secrets; changes nothing.',
};

/**
 * What a route needs:
 * - `self`: the operator's own account (password, notifications, two-factor sign-in, sessions);
 * - `read`: reading the back-office, secrets aside;
 * - `secrets`: reading what could take over accounts or funds (kept e-mails with their links);
 * - `decide`: deciding orders and payments;
 * - `manage`: running the sale (settings, price, cryptos, content, pixels, e-mail);
 * - `own`: operators, wallets and keys, RPC endpoints, backups;
 * - `identity`: buyers' identity documents and their checks: Owners, and the Managers an Owner allows
 *   (a grant per operator, `identityAccess`; see `canOperator`).
 */
export const CAPABILITIES = {
  self: ['owner', 'manager', 'approver', 'viewer'],
  read: ['owner', 'manager', 'approver', 'viewer'],
  secrets: ['owner', 'manager'],
  decide: ['owner', 'manager', 'approver'],
  manage: ['owner', 'manager'],
  own: ['owner'],
  identity: ['owner', 'manager'],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role, capability: Capability): boolean {
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

/** Capabilities a role alone does not give: the operator also needs the Owner's grant (Owners excepted). */
export const GRANTED: Partial<Record<Capability, 'identityAccess'>> = { identity: 'identityAccess' };

/** What one operator may do: their role, and for a granted capability, the grant. */
export function canOperator(operator: { role: Role; identityAccess: boolean }, capability: Capability): boolean {
  if (!can(operator.role, capability)) return false;
  const grant = GRANTED[capability];
  return grant === undefined || operator.role === 'owner' || operator[grant];
}

export interface RouteRule {
  need: Capability;
  /** Needs the password (and code) confirmed in this session within the last STEP_UP_MINUTES (step-up). */
  stepUp?: true;
}

/** How long a confirmed password opens the routes that move money or keys. */
export const STEP_UP_MINUTES = 5;

/** Every operator-scope route. Routes that sign in and out are public and not listed. */
export const OPERATOR_ROUTES: Partial<Record<EndpointKey, RouteRule>> = {
  'GET /api/admin/me': { need: 'self' },
  'PUT /api/admin/password': { need: 'self' },
  'GET /api/admin/notifications': { need: 'self' },
  'POST /api/admin/step-up': { need: 'self' },
  'PUT /api/admin/notifications': { need: 'self' },

  'GET /api/admin/setup': { need: 'read' },
  'GET /api/admin/sale': { need: 'read' },
  'PUT /api/admin/sale': { need: 'manage' },
  'GET /api/admin/eligibility': { need: 'read' },
  // Who may buy: changes are deliberate (the password confirmed lately), as new terms are.
  'PUT /api/admin/eligibility': { need: 'manage', stepUp: true },
  'PUT /api/admin/main-currency': { need: 'manage', stepUp: true },
  'PUT /api/admin/sale/stages': { need: 'manage', stepUp: true },
  'POST /api/admin/sale/stages/:id/end': { need: 'manage', stepUp: true },

  'GET /api/admin/cryptos': { need: 'read' },
  'POST /api/admin/cryptos': { need: 'manage' },
  'PUT /api/admin/cryptos/:code': { need: 'manage' },
  'DELETE /api/admin/cryptos/:code': { need: 'manage' },
  'POST /api/admin/cryptos/refresh-rates': { need: 'manage' },
  'POST /api/admin/cryptos/evm-wallet': { need: 'own', stepUp: true },

  'GET /api/admin/orders': { need: 'read' },
  'GET /api/admin/orders/:id/tx-check': { need: 'read' },
  'GET /api/admin/orders.csv': { need: 'read' },
  'POST /api/admin/orders/:id/approve': { need: 'decide' },
  'POST /api/admin/orders/:id/reject': { need: 'decide' },
  'POST /api/admin/orders/:id/excess': { need: 'decide' },
  'DELETE /api/admin/orders/:id': { need: 'decide' },

  'GET /api/admin/payments': { need: 'read' },
  'PUT /api/admin/payments/evm-key': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/evm-key': { need: 'own', stepUp: true },
  'PUT /api/admin/payments/chains/:chainId': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/chains/:chainId': { need: 'own', stepUp: true },
  'PUT /api/admin/payments/utxo/:chain/key': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/utxo/:chain/key': { need: 'own', stepUp: true },
  'PUT /api/admin/payments/utxo/:chain/watcher': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/utxo/:chain/watcher': { need: 'own', stepUp: true },
  'PUT /api/admin/payments/tron/key': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/tron/key': { need: 'own', stepUp: true },
  'POST /api/admin/payments/tron/addresses': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/tron/addresses': { need: 'own', stepUp: true },
  'PUT /api/admin/payments/tron/watcher': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/tron/watcher': { need: 'own', stepUp: true },
  'PUT /api/admin/payments/lookups/:network': { need: 'own', stepUp: true },
  'DELETE /api/admin/payments/lookups/:network': { need: 'own', stepUp: true },
  'GET /api/admin/payments/unallocated': { need: 'read' },
  'POST /api/admin/payments/unallocated/:id/order': { need: 'decide' },
  'POST /api/admin/payments/unallocated/:id/dismiss': { need: 'decide' },

  'GET /api/admin/users': { need: 'read' },
  'GET /api/admin/users.csv': { need: 'read' },
  'GET /api/admin/users/:id': { need: 'read' },
  // Whoever resets a buyer's second factor opens their account to the password alone.
  'DELETE /api/admin/users/:id/two-factor': { need: 'own', stepUp: true },
  // The country decides whether the buyer may order at all (restricted countries): as the list itself is.
  'PUT /api/admin/users/:id/country': { need: 'manage', stepUp: true },

  'GET /api/admin/content': { need: 'read' },
  'PUT /api/admin/content': { need: 'manage' },
  'GET /api/admin/content/logo': { need: 'read' },
  'PUT /api/admin/content/logo': { need: 'manage' },
  'DELETE /api/admin/content/logo': { need: 'manage' },

  // Identity checks (decision 041): the threshold decides who may buy, as the restricted countries do.
  'GET /api/admin/identity/settings': { need: 'read' },
  'PUT /api/admin/identity/settings': { need: 'manage', stepUp: true },
  // Buyers' identity documents: Owners and the Managers they allow, nobody else (not even to list them).
  'GET /api/admin/identity/checks': { need: 'identity' },
  'GET /api/admin/identity/checks/:id/documents/:kind': { need: 'identity' },
  'POST /api/admin/identity/checks/:id/approve': { need: 'identity' },
  'POST /api/admin/identity/checks/:id/reject': { need: 'identity' },

  'GET /api/admin/referrals': { need: 'read' },
  'GET /api/admin/referrals.csv': { need: 'read' },
  'GET /api/admin/referrals/settings': { need: 'read' },
  // Rewards are tokens out of the sale's allocation: a money setting.
  'PUT /api/admin/referrals/settings': { need: 'manage', stepUp: true },
  'GET /api/admin/campaign-codes': { need: 'read' },
  // A code's bonus and reward are tokens out of the sale's allocation, as the referral settings are.
  'POST /api/admin/campaign-codes': { need: 'manage', stepUp: true },

  'GET /api/admin/withdrawals': { need: 'read' },
  'GET /api/admin/withdrawals/settings': { need: 'read' },
  // The right lets buyers take tokens back out of the sale: a money setting, as the referral settings are.
  'PUT /api/admin/withdrawals/settings': { need: 'manage', stepUp: true },
  // Recording a refund states what was sent, as an excess refund does; it returns tokens to the sale.
  'POST /api/admin/withdrawals/:id/complete': { need: 'decide' },
  'POST /api/admin/withdrawals/:id/decline': { need: 'decide' },

  'GET /api/admin/draws': { need: 'read' },
  'POST /api/admin/draws': { need: 'manage', stepUp: true },
  'PUT /api/admin/draws/:id/text': { need: 'manage' },
  'PUT /api/admin/draws/:id/image': { need: 'manage' },
  'POST /api/admin/draws/:id/delivery': { need: 'manage' },

  'GET /api/admin/pixels': { need: 'read' },
  'POST /api/admin/pixels': { need: 'manage' },
  'PUT /api/admin/pixels/:id': { need: 'manage' },
  'DELETE /api/admin/pixels/:id': { need: 'manage' },

  'GET /api/admin/outbox': { need: 'read' },
  // A kept message may hold a live password-reset link.
  'GET /api/admin/outbox/:id': { need: 'secrets' },
  'GET /api/admin/outbox/:id/html': { need: 'secrets' },
  'POST /api/admin/outbox/:id/resend': { need: 'manage' },

  'GET /api/admin/audit': { need: 'read' },
  'GET /api/admin/overview': { need: 'read' },
  'GET /api/admin/distributions': { need: 'read' },
  'PUT /api/admin/distributions/token': { need: 'manage' },
  'POST /api/admin/distributions': { need: 'manage', stepUp: true },
  'GET /api/admin/distributions/:id': { need: 'read' },
  'GET /api/admin/distributions/:id/multisend.csv': { need: 'read' },
  'GET /api/admin/distributions/:id/merkle.json': { need: 'read' },
  // Recording a delivery states a fact (a transaction anyone can check); it moves nothing.
  'POST /api/admin/distributions/:id/deliveries': { need: 'manage' },
  'POST /api/admin/distributions/:id/deliveries/import': { need: 'manage' },
  // Buyers are told to send a transaction to this contract, and it never changes: like a wallet address.
  'POST /api/admin/distributions/:id/claim': { need: 'manage', stepUp: true },
  'GET /api/admin/wallet-changes': { need: 'read' },
  // Approving redirects a buyer's tokens: what an account takeover would ask for.
  'POST /api/admin/wallet-changes/:id/approve': { need: 'manage', stepUp: true },
  'POST /api/admin/wallet-changes/:id/reject': { need: 'manage' },
  'GET /api/admin/backup': { need: 'own', stepUp: true },

  'GET /api/admin/operators': { need: 'read' },
  'POST /api/admin/operators': { need: 'own', stepUp: true },
  'PATCH /api/admin/operators/:id': { need: 'own', stepUp: true },
  'POST /api/admin/operators/:id/reset-password': { need: 'own', stepUp: true },
  'DELETE /api/admin/operators/:id/two-factor': { need: 'own', stepUp: true },
  'PUT /api/admin/operators/policy': { need: 'own', stepUp: true },

  'GET /api/admin/sessions': { need: 'self' },
  'DELETE /api/admin/sessions/:id': { need: 'self' },
  'POST /api/admin/sessions/end-others': { need: 'self' },
  'GET /api/admin/two-factor': { need: 'self' },
  'POST /api/admin/two-factor/enrolment': { need: 'self' },
  'POST /api/admin/two-factor': { need: 'self' },
  'DELETE /api/admin/two-factor': { need: 'self' },
};

/** What a route needs; a route not listed is the Owner's alone. */
export function ruleOf(key: string): RouteRule {
  return OPERATOR_ROUTES[key as EndpointKey] ?? { need: 'own' };
}
