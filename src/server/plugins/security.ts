// Security headers (a CSP that allows no inline script) and refusal of cross-site state changes.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';
import { META_PIXEL_HOSTS, type PixelPresence } from './pixel-presence';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance, config: Config, pixels: PixelPresence): Promise<void> {
  // A configured pixel needs its script host and its beacon host; without one, nothing foreign is allowed.
  const whenPixels = (host: string) => () => (pixels.configured ? host : '');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", whenPixels(META_PIXEL_HOSTS.script)],
        // Inline style attributes come from React components (progress bars, charts, toasts).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', whenPixels(META_PIXEL_HOSTS.beacon)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", whenPixels(META_PIXEL_HOSTS.beacon)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.PUBLIC_URL.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });

  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, publicOrigin)) {
      throw new AppError('forbidden', 'Cross-site request refused.');
    }
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
