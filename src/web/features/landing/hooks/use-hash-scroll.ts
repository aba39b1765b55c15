import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Smooth-scrolls to the element the URL hash names, on load and whenever the hash changes. */
export function useHashScroll(ready: boolean): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [hash, key, ready]);
}
