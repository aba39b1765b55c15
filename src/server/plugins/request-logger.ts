// Each request's logger (request.log) is made when it writes a line, not when the request arrives.
// Fastify's own factory gives every request a pino child with its bindings and its level functions,
// about a kilobyte that an open event stream holds for as long as it is open: 10 MB at 10,000 live
// pages (decision 043). Lines are the same: the request's id, then what the caller logged.
import type { FastifyBaseLogger } from 'fastify';
import { withoutLinkSecrets } from '../secret-token';

type Bindings = Record<string, unknown>;
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

// pino's numbers for its levels: a line is written when its level is at least the logger's.
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** A request's logger that holds only its parent and bindings, and makes pino's child to write a line. */
export class RequestLogger implements FastifyBaseLogger {
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.parent.child({ ...this.bindings, ...bindings }, options);
  }

  /** Writes through a child made for this line, unless the level is off (Fastify asks for 'incoming request' lines at info). */
  private write(level: Level, args: unknown[]): void {
    const enabled = LEVEL_VALUES[this.parent.level];
    if (enabled === undefined || (LEVEL_VALUES[level] ?? 0) < enabled) return;
    const child = this.parent.child(this.bindings);
    Reflect.apply(child[level], child, args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  silent(): void {}
}

/**
 * Fastify's `childLoggerFactory`. A route with a level or serializers of its own gets pino's child
 * as before (none has one today).
 */
export const requestLoggerFactory = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger =>
  options.level !== undefined || options.serializers !== undefined ? logger.child(bindings, options) : new RequestLogger(logger, bindings);

/** What a request's log lines say of it (Fastify's request has these). */
interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  host: string;
  ip: string;
  socket?: { remotePort?: number } | undefined;
}

/**
 * The request on every request's log lines: Fastify's own fields, with the URL's link secrets hidden.
 * A reset or verification link opened in a browser is a GET of its page with `?token=` in the URL,
 * and a line at the default level would otherwise keep a live link in the log.
 */
export function serializeRequest(request: LoggedRequest) {
  const { socket } = request;
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: withoutLinkSecrets(request.url, 'hidden'),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: socket?.remotePort,
  };
}
