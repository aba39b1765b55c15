// The one way the browser calls the API: JSON in and out, cookies included, and one error type.
import type { Api, ApiKey } from '@/contracts/api';
import type { RequestOf, ResponseOf } from '@/contracts/endpoint';
import type { ErrorBody } from '@/contracts/errors';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Thrown when the server could not be reached at all. */
export class NetworkError extends Error {
  constructor() {
    super('Could not reach the server. Check your connection and try again.');
    this.name = 'NetworkError';
  }
}

// Responses to GET requests made before the code that needs them had loaded (requestEarly).
const early = new Map<string, { at: number; response: Promise<Response> }>();
const EARLY_FOR_MS = 10_000;

/**
 * Starts GET requests for `paths` now, while the page's code is still loading: the first
 * GET of each path within a few seconds takes that response instead of asking again.
 */
export function requestEarly(paths: readonly string[]): void {
  for (const path of paths) {
    // Read at once: a response whose body nobody reads stays open, and the page never goes idle.
    const response = fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then(
      async (res) => new Response(res.status === 204 ? null : await res.arrayBuffer(), { status: res.status, statusText: res.statusText, headers: res.headers }),
    );
    response.catch(() => undefined); // reported to whoever takes it; unclaimed, it is dropped
    early.set(path, { at: Date.now(), response });
  }
}

function takeEarly(path: string): Promise<Response> | undefined {
  const request = early.get(path);
  early.delete(path);
  return request && Date.now() - request.at < EARLY_FOR_MS ? request.response : undefined;
}

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  // A change (a sign-in, an order) may make what an unclaimed early response says out of date.
  if (method !== 'GET') early.clear();
  let response: Response;
  try {
    response = await ((method === 'GET' ? takeEarly(path) : undefined) ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? { accept: 'application/json', ...headers } : { accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch {
    throw new NetworkError();
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    throw new ApiError(response.status, 'unknown', `Request failed (${response.status}).`);
  }
  return data;
}

/** Endpoints that answer JSON; the others (exports, the backup, the event stream) are links or an EventSource. */
export type JsonApiKey = { [K in ApiKey]: Api[K] extends { produces: string } ? never : K }[ApiKey];
export type ApiRequest<K extends ApiKey> = RequestOf<K, Api[K]>;
export type ApiResponse<K extends ApiKey> = ResponseOf<Api[K]>;
/** The request argument, optional when the endpoint needs nothing. */
export type ApiArgs<K extends ApiKey> = object extends ApiRequest<K> ? [request?: ApiRequest<K>] : [request: ApiRequest<K>];

type QueryValues = Record<string, string | number | boolean | undefined>;

interface LooseRequest {
  params?: Record<string, string | number>;
  query?: QueryValues;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A query's filters as sent: in their given order, an empty or missing value being no filter. */
export function searchOf(query: QueryValues = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path of endpoint `key` with its :parameters filled in, e.g. /api/orders/AbC for 'GET /api/orders/:orderToken'. */
function pathOf(key: ApiKey, params: Record<string, string | number> = {}): string {
  return key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** The URL of GET endpoint `key` for a link, an EventSource or an early request: an export, the event stream. */
export function urlOf<K extends Extract<ApiKey, `GET ${string}`>>(key: K, ...args: ApiArgs<K>): string;
export function urlOf(key: ApiKey, request: Pick<LooseRequest, 'params' | 'query'> = {}): string {
  return pathOf(key, request.params) + searchOf(request.query);
}

/**
 * Calls endpoint `key` of src/contracts/api.ts; what it takes and answers are typed by the contract.
 * The answer is trusted, not parsed: checking it with the contract's schema would bring Zod into every page.
 */
export function apiCall<K extends JsonApiKey>(key: K, ...args: ApiArgs<K>): Promise<ApiResponse<K>>;
export function apiCall(key: JsonApiKey, request: LooseRequest = {}): Promise<unknown> {
  const method = key.slice(0, key.indexOf(' '));
  // A POST always carries a JSON body: the server's empty-body schemas accept {}.
  const body = request.body ?? (method === 'POST' ? {} : undefined);
  const path = pathOf(key, request.params) + searchOf(request.query);
  return send(method, path, body, request.headers).catch(async (error: unknown) => {
    // Money, keys and the team ask for the password again: once it is confirmed, the call is made again.
    if (error instanceof ApiError && error.code === 'step_up_required' && stepUpHandler && (await stepUpHandler(error.message))) return send(method, path, body, request.headers);
    throw error;
  });
}

let stepUpHandler: ((reason: string) => Promise<boolean>) | null = null;

/**
 * Who confirms the password when a route asks for it (step-up): resolves true once it was
 * confirmed, false when the operator gave up. The back-office layout registers its dialog.
 */
export function handleStepUp(handler: ((reason: string) => Promise<boolean>) | null): void {
  stepUpHandler = handler;
}

/**
 * The query key of GET endpoint `key` called with `request`: its URL after /api split at the
 * slashes, the query (if any) last. Keys nest as paths do, so invalidating ['orders'] also covers
 * ['orders', token], and ['admin'] every back-office query.
 */
export function queryKeyOf<K extends Extract<JsonApiKey, `GET ${string}`>>(key: K, ...args: ApiArgs<K>): readonly string[];
export function queryKeyOf(key: JsonApiKey, request: LooseRequest = {}): readonly string[] {
  const segments = pathOf(key, request.params).slice(5).split('/');
  const search = searchOf(request.query);
  return search ? [...segments, search] : segments;
}

/** The key covering every query under `path`, e.g. ['admin'] for '/api/admin'. */
export const queryKeyUnder = (path: `/api/${string}`): readonly string[] => path.slice(5).split('/');

// A hand-written check rather than the Zod schema: it keeps Zod out of the first page's bundle.
function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null || !('error' in data)) return false;
  const { error } = data;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as Record<string, unknown>;
  const fields = e.fields;
  const fieldsOk = fields === undefined || (typeof fields === 'object' && fields !== null && Object.values(fields).every((v) => typeof v === 'string'));
  return typeof e.code === 'string' && typeof e.message === 'string' && fieldsOk;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return fallback;
}
