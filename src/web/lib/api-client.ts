// The one way the browser calls the API: JSON in and out, cookies included, and one error type.
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Responses to GET requests made before the code that needs them had loaded (requestEarly).
const early = new Map<string, { at: number; response: Promise<Response> }>();
const EARLY_FOR_MS = 10_000;

/**
 * Starts GET requests for `paths` now, while the page's code is still loading: the first
 * `apiGet` of each path within a few seconds takes that response instead of asking again.
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

export async function api<T>(method: Method, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
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
  return data as T;
}

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

export const apiGet = <T>(path: string) => api<T>('GET', path);
export const apiPost = <T>(path: string, body?: unknown, headers?: Record<string, string>) => api<T>('POST', path, body ?? {}, headers);
export const apiPatch = <T>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const apiPut = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const apiDelete = <T>(path: string) => api<T>('DELETE', path);

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return fallback;
}
