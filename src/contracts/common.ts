import { z } from 'zod';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';

/** An exact decimal amount on the wire: a string such as "1250.5". */
export const decimalString = z.string().regex(DECIMAL_PATTERN);

/** A ledger entry's amount: a withdrawal's reversing entries are negative (decision 040). */
export const signedDecimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const isoDateTime = z.string();

/** Largest value of a PostgreSQL integer: larger ids exist nowhere, and would fail in the database. */
export const MAX_INT_ID = 2_147_483_647;
const ID_UNKNOWN = 'No record has this id.';

/** A row id in a path: a positive integer within the database's range, else a 400 (never a 500). */
export const idParams = z.strictObject({
  id: z.coerce.number(ID_UNKNOWN).int(ID_UNKNOWN).positive(ID_UNKNOWN).max(MAX_INT_ID, ID_UNKNOWN),
});

export const okSchema = z.object({ ok: z.literal(true) });

/** True when `v` holds a control character (line break, tab, NUL…): none belongs in a one-line text such as a name. */
export const hasControlChars = (v: string) => /\p{Cc}/u.test(v);
/** True when `v` holds a control character other than a line break or tab, which a multi-line text may contain. */
export const hasStrayControlChars = (v: string) => hasControlChars(v.replace(/[\r\n\t]/g, ''));
export const controlCharsMessage = (label: string) => `${label} must not contain line breaks or other control characters.`;
export const strayControlCharsMessage = (label: string) => `${label} must not contain control characters.`;

/** The body of a POST that carries nothing: none at all, or `{}`. */
export const emptyBodySchema = z.undefined().or(z.strictObject({}));

// ── Two-factor sign-in's code (contracts/two-factor.ts has the rest) ─────────────────────────────

export const TOTP_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
export const TOTP_CODE_WRONG = 'This code is not valid: check the time on your device, or use a recovery code.';

/** A code as typed: six digits from the app, or a recovery code (xxxxx-xxxxx). */
export const secondFactorCode = z
  .string()
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/i, TOTP_CODE_WRONG);

// ── Files sent as base64 data URLs (the logo, a prize's picture, identity documents) ─────────────

/** The pictures accepted from operators (the logo, a prize's picture): no SVG, which can carry scripts. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const IMAGE_DATA_URL_HEAD = /^data:image\/[a-z+.-]+;base64,/;
const ANY_DATA_URL_HEAD = /^data:[a-z]+\/[a-z0-9+.-]+;base64,/;

/**
 * Whether `v` is a base64 data URL (of an image, with `imagesOnly`). Not one regular expression over
 * the whole text: over a file of a few megabytes its repetition overflowed the regular-expression
 * engine's stack (a 500 instead of the field's message). The head is matched on its own; the body is
 * searched for a character base64 does not use, which needs no backtracking, and its padding is
 * checked at its end.
 */
export function isBase64DataUrl(v: string, imagesOnly = false): boolean {
  const head = (imagesOnly ? IMAGE_DATA_URL_HEAD : ANY_DATA_URL_HEAD).exec(v.slice(0, 128));
  if (!head) return false;
  const body = v.slice(head[0].length);
  const pad = body.indexOf('=');
  return body.length > 0 && !/[^A-Za-z0-9+/=]/.test(body) && (pad === -1 || (pad > 0 && pad >= body.length - 2 && /^=+$/.test(body.slice(pad))));
}

/**
 * A file of at most `maxBytes` as a data URL. The server reads its type from its first bytes, never
 * from the one claimed here. An overlong one is refused before its text is read; `required` is the
 * message for an empty one (else it is `invalid`).
 */
export function dataUrlField(options: { maxBytes: number; invalid: string; tooLarge: string; required?: string; imagesOnly?: boolean }) {
  const { maxBytes, invalid, tooLarge, required, imagesOnly = false } = options;
  const text = required === undefined ? z.string(invalid) : z.string(required).min(1, { message: required, abort: true });
  return text.max(Math.ceil((maxBytes * 4) / 3) + 64, { message: tooLarge, abort: true }).refine((v) => isBase64DataUrl(v, imagesOnly), invalid);
}
