// Who signs in: buyers (`users`) and operators, their sessions, two-factor recovery codes, and the
// single-use links sent by e-mail (password resets, address verification).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant } from './columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** Order updates by e-mail (created, payment seen, expired); decisions and security messages always go. */
    orderMail: boolean('order_mail').notNull().default(true),
    /** When the buyer opened the link sent to their current address; null until then. */
    emailVerifiedAt: instant('email_verified_at'),
    /**
     * When the account's address was first proven (a verification or reset link opened); a later
     * change of address does not move it. What was set before it may be a stranger's (decision 049).
     */
    addressProvenAt: instant('address_proven_at'),
    /** Two-factor sign-in (issue 15), see `operators`. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Where the buyer's tokens are to be delivered (issue 19): an EVM address in its checksummed form. */
    receivingWallet: text('receiving_wallet'),
    receivingWalletAt: instant('receiving_wallet_at'),
    /** The buyer's own referral link is /r/{code} (issue 31): random, neither their id nor their e-mail. */
    referralCode: text('referral_code').notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 10)`),
    /** Who referred the buyer, recorded at registration from the link they opened; never changed. */
    referredBy: integer('referred_by'),
    /** The address the buyer registered from: accounts sharing it and a receiving wallet earn no rewards from each other. */
    registrationIp: text('registration_ip').notNull().default(''),
    /** The declared country of residence, ISO 3166-1 alpha-2 (issue 34); null for accounts made before it was asked. */
    country: text('country'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredBy),
    foreignKey({ columns: [t.referredBy], foreignColumns: [t.id], name: 'users_referred_by_fk' }),
  ],
);

/** Server-side sessions. Only a SHA-256 of the cookie's random id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    kind: text('kind', { enum: ['buyer', 'operator'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** When the session ends unless used again; operator sessions slide it forward on use (idle limit). */
    expiresAt: instant('expires_at').notNull(),
    /** The latest `expiresAt` may slide to (operator sessions' absolute limit); null for sessions that do not slide. */
    maxExpiresAt: instant('max_expires_at'),
    /** What the session list shows (issue 15): the browser that signed in, from where, and when last used. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    /** When the password (and code) were last confirmed in this session, for money settings (step-up). */
    steppedUpAt: instant('stepped_up_at'),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt), index('sessions_subject_idx').on(t.kind, t.subjectId), check('sessions_kind_check', sql`${t.kind} in ('buyer', 'operator')`)],
);

/** Operators of the back-office: their own accounts, separate from buyers. */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    login: text('login').notNull(),
    name: text('name').notNull().default(''),
    /** What the operator may do (src/contracts/permissions.ts); operators from before roles are owners. */
    role: text('role', { enum: ['owner', 'manager', 'approver', 'viewer'] })
      .notNull()
      .default('owner'),
    /** A disabled operator cannot sign in, and their sessions end. */
    disabledAt: instant('disabled_at'),
    /** A Manager the Owner allows to read identity documents and decide checks (Owners always may). */
    identityAccess: boolean('identity_access').notNull().default(false),
    /** Set for a generated one-time password: the next sign-in must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /**
     * Two-factor sign-in (issue 15): the TOTP secret (base32; the server must read it to check codes),
     * set at enrolment and enabled once a first code confirms it; the last time step accepted, so a
     * code cannot be used twice.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Where the operator's notifications go (issue 14); none without it. */
    email: text('email'),
    /** Told when a payment needs review, and when one has waited over an hour. */
    notifyReview: boolean('notify_review').notNull().default(false),
    notifyWaiting: boolean('notify_waiting').notNull().default(false),
    /** Notifications cover what happened after this instant: turning them on does not mail the past. */
    notifySince: instant('notify_since'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_login_lower_key').on(sql`lower(${t.login})`), check('operators_role_check', sql`${t.role} in ('owner', 'manager', 'approver', 'viewer')`)],
);

/** A password-reset link: only its SHA-256 is stored; single-use, valid for 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * A link sent to an address: only its SHA-256 is stored. `verify` verifies the account's address it
 * was sent to; `change` makes the address it was sent to the account's address when opened.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verify', 'change'] })
      .notNull()
      .default('verify'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId), check('email_verifications_purpose_check', sql`${t.purpose} in ('verify', 'change')`)],
);

/** Single-use recovery codes for two-factor sign-in (issue 15): ten per enrolment, stored only as hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['buyer', 'operator'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_subject_idx').on(t.kind, t.subjectId), check('recovery_codes_kind_check', sql`${t.kind} in ('buyer', 'operator')`)],
);
