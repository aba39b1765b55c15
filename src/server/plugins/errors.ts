// One error handler: every failure leaves as {"error": {code, message, fields?}}. Bad input is a 400
// with field messages, never a 500; a 5xx body says nothing of internals (the log has them).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@/contracts/errors';
import { isUnstorableValue } from '../db/errors';
import { AppError } from '../errors';

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields && Object.keys(fields).length ? { code, message, fields } : { code, message } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const at = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
          for (const key of issue.params.keys) fields[at ? `${at}.${String(key)}` : String(key)] ??= 'Unknown field.';
          continue;
        }
        const message = issue.keyword === 'invalid_type' && issue.message?.includes('received undefined') ? 'This field is required.' : issue.message;
        fields[at || '_'] ??= message ?? 'Invalid value.';
      }
      const first = Object.values(fields)[0] ?? 'Invalid input.';
      return reply.status(400).send(body('invalid_input', first, fields));
    }
    if (isUnstorableValue(error)) {
      request.log.warn({ err: error }, 'refused a value the database cannot store');
      return reply.status(400).send(body('invalid_input', 'The request contains a value that cannot be stored (such as a control character or an overlong text).'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body(status === 503 ? 'unavailable' : 'internal', 'Something went wrong on our side. Please try again.'));
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limits.
    if (status === 413) return reply.status(413).send(body('payload_too_large', 'The request is too large.'));
    if (status === 429) return reply.status(429).send(body('rate_limited', error.message));
    if (status === 415) return reply.status(415).send(body('invalid_input', 'Send the request body as JSON.'));
    const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message;
    return reply.status(status).send(body(status === 404 ? 'not_found' : 'invalid_input', message));
  });
}

interface Serialized {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  constraint?: unknown;
  cause?: Serialized;
}

/**
 * The log's view of an error, without the values a query was run with: drizzle puts every bound
 * parameter (e-mails, names, amounts) into its error message, and the database driver's `detail`
 * repeats key values. The query text, SQLSTATE and constraint stay, so the log still says what failed.
 */
export function serializeError(error: unknown, depth = 0): Serialized {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const e = error as Error & { query?: unknown; params?: unknown; code?: unknown; constraint?: unknown };
  let message = e.message;
  let stack = e.stack ?? '';
  if (typeof e.query === 'string' && 'params' in e) {
    message = `Failed query: ${e.query}`;
    stack = stack.replace(e.message, `${message} (parameters withheld from the log)`);
  }
  const out: Serialized = { type: e.name, message, stack };
  if (e.code !== undefined) out.code = e.code;
  if (e.constraint !== undefined) out.constraint = e.constraint;
  if (e.cause !== undefined && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}
