// The visitor's answer to the analytics-cookie question, remembered in this browser.
import { useSyncExternalStore } from 'react';
import { isTokenPath } from '@/web/lib/paths';

export type Consent = 'accepted' | 'declined' | null;
const KEY = 'presale-analytics-consent';
const listeners = new Set<() => void>();

export function readConsent(): Consent {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'accepted' || v === 'declined' ? v : null;
  } catch {
    return null;
  }
}

export function setConsent(value: 'accepted' | 'declined'): void {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    /* storage unavailable: the answer lasts for this page only */
  }
  current = value;
  for (const l of listeners) l();
}

let current: Consent = typeof window === 'undefined' ? null : readConsent();

export function useConsent(): Consent {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

/**
 * Whether a pixel configured for `location` belongs on `pathname`: a path prefix, never the
 * back-office, never a page opened from a link with a secret (a pixel's script reads the page's
 * address and sends it on).
 */
export function pixelApplies(location: string, pathname: string): boolean {
  if (pathname === '/admin' || pathname.startsWith('/admin/') || isTokenPath(pathname)) return false;
  if (location === '/') return true;
  const base = location.replace(/\/+$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
}
