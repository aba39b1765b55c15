import type { ComponentProps } from 'react';
import { paths, type LandingSection } from '@/web/lib/paths';
import { scrollToSection } from '../lib/scroll-to-section';

/**
 * A link to a landing section. On the landing page it scrolls there smoothly and puts the hash in
 * the address bar (a new history entry, as a link does); from any other page it is a plain link.
 */
export function SectionLink({ section, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { section: LandingSection }) {
  const href = paths.homeSection(section);
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const target = window.location.pathname === paths.home ? document.getElementById(section) : null;
        if (!target) return;
        event.preventDefault();
        window.history.pushState(window.history.state, '', href);
        scrollToSection(target);
      }}
      {...props}
    />
  );
}
