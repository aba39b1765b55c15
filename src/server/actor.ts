// Who made a change: set by the operator guard (plugins/access.ts) and recorded by the audit log, so
// it lives below both plugins and modules.
import type { Role } from '@/contracts/permissions';
export interface OperatorActor {
  id: number;
  login: string;
  role: Role;
  /** Signed in with a generated one-time password: only their own account is open until they choose one. */
  mustChangePassword: boolean;
  /** The sale requires two-factor sign-in and this operator has not turned it on: only enrolment is open. */
  mustEnrolSecondFactor: boolean;
  /** A Manager an Owner allowed to read identity documents (contracts/permissions.ts `canOperator`). */
  identityAccess: boolean;
}

/** An operator, or the server itself (id null) for the decisions it makes on its own. */
export type Actor = OperatorActor | { id: null; login: string };

/** The payment watcher, approving payments that match their order within the operator's limits. */
export const AUTOMATIC: Actor = { id: null, login: 'Automatic' };
