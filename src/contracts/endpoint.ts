// The shape of an endpoint declaration (decision 014): each contract file lists its endpoints once,
// keyed 'METHOD /path'; the server registers routes from them and the web derives its fetchers,
// types and query keys from their types. The web's API client imports them as types only, so no
// schema reaches a bundle through it (a form imports its own body schema as a value).
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type EndpointKey = `${HttpMethod} /api/${string}`;

/** Media types of the answers that are not JSON: exports, the backup, the live-update stream, an e-mail's HTML, the logo, identity documents. */
export type NonJsonMediaType = 'text/csv' | 'text/event-stream' | 'application/gzip' | 'text/html' | 'image/*' | 'application/octet-stream';

export interface Endpoint {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** JSON answers by status; errors are the one error body of contracts/errors.ts. */
  responses?: Partial<Record<200 | 201, z.ZodType>>;
  /** What the answer is when it is not JSON. */
  produces?: NonJsonMediaType;
}

export type EndpointMap = Record<EndpointKey, Endpoint>;

// ── What each declaration means on the wire, for the web ─────────────────────────────────────────

type Schema<E extends Endpoint, Part extends 'params' | 'query' | 'body'> = E[Part] extends z.ZodType ? E[Part] : never;

/** The names in a path's :placeholders, e.g. 'orderToken' in '/api/orders/:orderToken'. */
type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathOf<K extends EndpointKey> = K extends `${HttpMethod} ${infer Path}` ? Path : never;

/** A query value as it is typed in the browser: coerced numbers arrive as text, so either will do. */
type QueryInput<Q> = { [Name in keyof Q]: unknown extends Q[Name] ? string | number | undefined : Q[Name] };

type ParamsInput<K extends EndpointKey> = [PathParamNames<PathOf<K>>] extends [never] ? unknown : { params: Record<PathParamNames<PathOf<K>>, string | number> };
type QueryPart<E extends Endpoint> = [Schema<E, 'query'>] extends [never] ? unknown : { query?: QueryInput<z.input<Schema<E, 'query'>>> };
type BodyPart<E extends Endpoint> = [Schema<E, 'body'>] extends [never]
  ? unknown
  : undefined extends z.input<Schema<E, 'body'>>
    ? { body?: z.input<Schema<E, 'body'>> }
    : { body: z.input<Schema<E, 'body'>> };

/** What a caller passes: path parameters, query, body, and any extra headers. */
export type RequestOf<K extends EndpointKey, E extends Endpoint> = ParamsInput<K> & QueryPart<E> & BodyPart<E> & { headers?: Record<string, string> };

/** The JSON a successful call answers with (any of its 2xx statuses). */
export type ResponseOf<E extends Endpoint> = E['responses'] extends Partial<Record<200 | 201, z.ZodType>>
  ? { [Status in keyof E['responses']]: E['responses'][Status] extends z.ZodType ? z.output<E['responses'][Status]> : never }[keyof E['responses']]
  : never;
