import type { PublicPixel } from '@/contracts/pixels';
import { ConsentBanner } from './consent-banner';
import { PixelLoader } from './pixel-loader';

/** Asks for consent (once) and loads the pixels that apply to `pathname` once it is given. */
export default function PixelsWithConsent({ pixels, pathname }: { pixels: PublicPixel[]; pathname: string }) {
  return (
    <>
      <ConsentBanner />
      <PixelLoader pixels={pixels} pathname={pathname} />
    </>
  );
}
