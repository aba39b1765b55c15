import { useEffect } from 'react';
import type { PublicPixel } from '@/contracts/pixels';
import { pixelApplies, useConsent } from '../lib/consent';
import { trackPageView } from '../lib/meta-pixel';

/** Whether the address carries a secret (`?token=`), which a pixel's script would read and send on. */
const addressCarriesToken = () => new URLSearchParams(window.location.search).has('token');

/** Loads the configured pixels on matching pages, only after the visitor accepted analytics cookies. */
export function PixelLoader({ pixels, pathname }: { pixels: PublicPixel[]; pathname: string }) {
  const consent = useConsent();
  useEffect(() => {
    if (consent !== 'accepted' || addressCarriesToken()) return;
    for (const pixel of pixels) if (pixelApplies(pixel.location, pathname)) trackPageView(pixel.apiKey);
  }, [consent, pixels, pathname]);
  return null;
}
