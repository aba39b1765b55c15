// Configuration from the environment, validated once at start; a bad value fails fast with every bad key named.
import { z } from 'zod';
import { ORDER_EXPIRY_MAX, ORDER_EXPIRY_UNITS, orderExpiryText } from '@/domain/order-expiry';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  /** Folder of the built web app (default dist/web). */
  WEB_ROOT: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Number of proxy hops to trust for the client address (X-Forwarded-For); 0 trusts none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  ADMIN_LOGIN: optionalString,
  ADMIN_PASSWORD: optionalString,
  PRICE_API_URL: z.url().default('https://api.coingecko.com/api/v3'),
  RATE_REFRESH_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  RATE_MAX_AGE_MINUTES: z.coerce.number().positive().max(10080).default(60),
  /** Attempts per window for buyer and operator sign-in, per client address and per account. */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Orders a buyer account, and a client address, may create per 10 minutes. */
  ORDER_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  ORDER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** Profile changes (PATCH /api/me) per buyer account per 15 minutes. */
  PROFILE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Operator sessions end after this long without a request, and this long after sign-in at most. */
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  OPERATOR_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  /** Open live-event streams (GET /api/events) per client address, and on this instance in total. */
  EVENT_STREAMS_PER_IP: z.coerce.number().int().min(1).default(20),
  EVENT_STREAMS_TOTAL: z.coerce.number().int().min(1).default(20_000),
  /** How often expired sessions, rate-limit windows and idempotency keys are deleted (0 turns it off). */
  CLEANUP_MINUTES: z.coerce.number().min(0).max(1440).default(60),
  /** How often the payment watcher reads the chains that have an endpoint, in seconds (0 turns it off). */
  PAYMENT_WATCH_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  /** How often closed prize draws are frozen and drawn, in seconds (0 turns it off); a test server runs it every second. */
  PRIZE_DRAW_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /**
   * The sale's order expiry (the payment window an operator sets) counts minutes; a test server may count
   * seconds instead, so a browser test of expiry waits seconds. The operator's form names the unit.
   */
  ORDER_EXPIRY_UNIT: z.enum(ORDER_EXPIRY_UNITS).default('minutes'),
  /** The shortest order expiry an operator may set, in ORDER_EXPIRY_UNIT (the longest is 7 days). */
  ORDER_EXPIRY_MIN: z.coerce.number().int().min(1).default(1),
  /**
   * How often the order-expiry job marks overdue orders expired, in seconds, for pages that watch them: a
   * window closes at its instant whatever this is (reads expire overdue orders first).
   */
  ORDER_EXPIRY_JOB_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** SMTP server for e-mail (smtp:// or smtps://, credentials in the URL); without it messages are kept in the Outbox. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** The sender of every e-mail, e.g. "Presale <sale@example.com>"; default: no-reply at PUBLIC_URL's host. */
  MAIL_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^[^\r\n]+$/, 'must be one line')
      .optional(),
  ),
  /** How often queued e-mail is sent, in seconds (0 turns it off). */
  MAIL_SEND_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** Password-reset requests per client address, and per e-mail address, per hour. */
  RESET_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  RESET_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
});

/** Every setting's name; .env.example lists each one (config.test.ts). */
export const CONFIG_KEYS = envSchema.keyof().options;

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'MAIL_FROM'> & { PUBLIC_URL: string; MAIL_FROM: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(problems);
  }
  const c = parsed.data;
  if ((c.ADMIN_LOGIN === undefined) !== (c.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_LOGIN and ADMIN_PASSWORD: set both or neither']);
  }
  if (c.ADMIN_PASSWORD !== undefined && c.ADMIN_PASSWORD.length < 8) {
    throw new ConfigError(['ADMIN_PASSWORD: must be at least 8 characters']);
  }
  if (c.ORDER_EXPIRY_MIN > ORDER_EXPIRY_MAX[c.ORDER_EXPIRY_UNIT]) {
    throw new ConfigError([`ORDER_EXPIRY_MIN: must be at most 7 days (${orderExpiryText(ORDER_EXPIRY_MAX[c.ORDER_EXPIRY_UNIT], c.ORDER_EXPIRY_UNIT)})`]);
  }
  const host = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  const publicUrl = (c.PUBLIC_URL ?? `http://${host}:${c.PORT}`).replace(/\/+$/, '');
  return { ...c, PUBLIC_URL: publicUrl, MAIL_FROM: c.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}` };
}

/** Configuration for tests: defaults with overrides, no environment read. */
export function testConfig(overrides: Partial<Record<keyof z.input<typeof envSchema>, string>> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...overrides });
}
