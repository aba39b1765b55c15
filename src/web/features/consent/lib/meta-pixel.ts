// Loads the Meta Pixel for an id, the way Meta's snippet does but without inline script: the
// queueing stub is defined here and the library is loaded from Meta's host (allowed by the CSP).
type Fbq = ((...args: unknown[]) => void) & { queue: unknown[][]; loaded: boolean; version: string; push: Fbq; callMethod?: (...args: unknown[]) => void };

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const META_PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
const initialised = new Set<string>();

function ensureStub(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.queue = [];
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = META_PIXEL_SCRIPT;
  document.head.appendChild(script);
  return fbq;
}

/** Initialises the pixel once and records a page view for the current page. */
export function trackPageView(pixelId: string): void {
  const fbq = ensureStub();
  if (!initialised.has(pixelId)) {
    fbq('init', pixelId);
    initialised.add(pixelId);
  }
  fbq('trackSingle', pixelId, 'PageView');
}
