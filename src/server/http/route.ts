// Registers a route from its declaration in src/contracts (decision 014): method, URL and schemas
// come from the contract, so a module adds only its handler and any route options.
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints, type Api, type ApiKey } from '@/contracts/api';
import type { Endpoint, HttpMethod } from '@/contracts/endpoint';

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The contract in Fastify's words, so the type provider types request and reply from it. */
interface SchemaOf<E extends Endpoint> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
}

type Handler<K extends ApiKey> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<Api[K]>,
  ZodTypeProvider
>;

/** Per-route settings that are not part of the contract: rate limits, a larger body limit. */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Fastify warns about a schema key that is present but undefined, so only the declared parts are set. */
function schemaOf<E extends Endpoint>(endpoint: E): SchemaOf<E>;
function schemaOf(endpoint: Endpoint): FastifySchema {
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.responses) schema.response = endpoint.responses;
  return schema;
}

function methodAndUrl(key: ApiKey): { method: HttpMethod; url: string } {
  const method = METHODS.find((m) => key.startsWith(`${m} `));
  if (!method) throw new Error(`Endpoint ${key} does not start with an HTTP method.`);
  return { method, url: key.slice(method.length + 1) };
}

/** Registers the endpoint `key` of src/contracts/api.ts with `handler`. */
export function route<K extends ApiKey>(app: ZodApp, key: K, handler: Handler<K>): void;
export function route<K extends ApiKey>(app: ZodApp, key: K, options: RouteOptions, handler: Handler<K>): void;
export function route<K extends ApiKey>(app: ZodApp, key: K, ...args: [Handler<K>] | [RouteOptions, Handler<K>]): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  app.route<RouteGenericInterface, ContextConfigDefault, SchemaOf<Api[K]>>({ ...options, ...methodAndUrl(key), schema: schemaOf(endpoints[key]), handler });
}

type PreparedJsonHandler<K extends ApiKey> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Omit<SchemaOf<Api[K]>, 'response'>,
  ZodTypeProvider
>;

/**
 * Registers an endpoint whose handler sends JSON text it prepared and checked against the contract
 * ahead of time (GET /api/sale, BENCHMARKS.md P1): no response schema, so nothing is serialised per request.
 */
export function routeWithPreparedJson<K extends ApiKey>(app: ZodApp, key: K, handler: PreparedJsonHandler<K>): void {
  const { response: _checkedAheadOfTime, ...schema } = schemaOf(endpoints[key]);
  app.route<RouteGenericInterface, ContextConfigDefault, Omit<SchemaOf<Api[K]>, 'response'>>({ ...methodAndUrl(key), schema, handler });
}
