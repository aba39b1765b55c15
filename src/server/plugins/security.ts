// Security headers (a CSP that allows no inline script) and refusal of cross-site state changes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { AppError } from '../errors';
import { META_PIXEL_HOSTS, type PixelPresence } from './pixel-presence';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Helmet's policy for this deployment; a configured pixel adds its script and beacon hosts. */
export function helmetOptions(https: boolean, withPixels: boolean): HelmetOptions {
  const pixelHost = (host: string) => (withPixels ? [host] : []);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...pixelHost(META_PIXEL_HOSTS.script)],
        // Inline style attributes come from React components (progress bars, charts, toasts).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...pixelHost(META_PIXEL_HOSTS.beacon)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...pixelHost(META_PIXEL_HOSTS.beacon)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options, collected once. Helmet's middleware would otherwise
 * run on every request (and @fastify/helmet even rebuilds it per request); the result only changes
 * with the options, so each response gets a precomputed copy (docs/decisions/007).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  // Helmet reads nothing of the request for these options; it only sets and removes headers.
  helmet(options)(Object.create(null) as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet refused the options');
  });
  return Object.fromEntries(headers);
}

export function registerSecurity(app: FastifyInstance, config: Config, pixels: PixelPresence): void {
  const https = config.PUBLIC_URL.startsWith('https:');
  const plain = helmetHeaders(helmetOptions(https, false));
  const withPixels = helmetHeaders(helmetOptions(https, true));
  const publicOrigin = new URL(config.PUBLIC_URL).origin;

  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(pixels.configured ? withPixels : plain);
    if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request, publicOrigin)) {
      done(new AppError('forbidden', 'Cross-site request refused.'));
      return;
    }
    done();
  });
}

/**
 * A state-changing request is accepted when the browser says it is same-origin: its Origin is the
 * app's public origin or matches the Host it was sent to. Clients that send no Origin and no
 * Sec-Fetch-Site (curl, server-to-server) are not browsers carrying a victim's cookies.
 */
function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
