// Whether any tracking pixel is configured, kept in memory so the CSP of every response can allow
// the pixel's hosts exactly when a pixel may load, and not otherwise.
import type { Queryable } from '../db/client';
import { countPixels } from './pixel-presence.repository';

/** The hosts the Meta Pixel loads its script from and sends page views to. */
export const META_PIXEL_HOSTS = { script: 'https://connect.facebook.net', beacon: 'https://www.facebook.com' } as const;

export class PixelPresence {
  configured = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Queryable) {}

  async refresh(): Promise<void> {
    this.configured = (await countPixels(this.db)) > 0;
  }

  /** Other instances may change pixels: look again now and then. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
