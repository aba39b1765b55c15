import { useEffect } from 'react';
import { scrollToSection } from '../lib/scroll-to-section';

/**
 * Smooth-scrolls to the element the URL hash names: once `ready`, and whenever the hash changes
 * (section links, back and forward).
 */
export function useHashScroll(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const scroll = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (target) scrollToSection(target);
    };
    scroll();
    window.addEventListener('hashchange', scroll);
    return () => window.removeEventListener('hashchange', scroll);
  }, [ready]);
}
