// A pixel's script reads the page's address and sends it on: it is never loaded on a page opened
// from a link with a secret, nor while the address carries one.
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setConsent } from '../lib/consent';
import { META_PIXEL_SCRIPT } from '../lib/meta-pixel';
import { PixelLoader } from './pixel-loader';

const PIXELS = [{ apiKey: '1234567890', location: '/' }];
const pixelScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === META_PIXEL_SCRIPT);

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('pixels on pages with a secret', () => {
  it('are not loaded on the reset-password and e-mail verification pages, nor where the address carries a token, even with consent', () => {
    setConsent('accepted');
    for (const url of ['/reset-password?token=abc', '/reset-password', '/verify-email?token=abc', '/verify-email', '/dashboard?token=abc']) {
      window.history.replaceState(null, '', url);
      const { unmount } = render(<PixelLoader pixels={PIXELS} pathname={new URL(url, window.location.origin).pathname} />);
      unmount();
      expect([url, pixelScripts().length]).toEqual([url, 0]);
    }
    // Elsewhere, with consent, the pixel loads.
    window.history.replaceState(null, '', '/dashboard');
    render(<PixelLoader pixels={PIXELS} pathname="/dashboard" />);
    expect(pixelScripts()).toHaveLength(1);
  });
});
