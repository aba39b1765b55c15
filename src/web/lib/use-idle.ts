import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has been idle after it (or after `timeoutMs` at
 * the latest). A part below the page's main content that brings code of its own mounts then, so its
 * download and start do not hold up what the buyer came to see (the order page's hash form:
 * its form code made the payment QR code, the page's largest element, paint a second later).
 */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 0);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }, [timeoutMs]);
  return idle;
}
