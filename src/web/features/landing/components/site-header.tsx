import { Menu, Moon, Sun, X } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { useCurrentDraw, useMe, useSale } from '@/web/api/first-screen';
import { paths, type LandingSection } from '@/web/lib/paths';
import { useTheme } from '@/web/lib/theme';
import { cn } from '@/web/lib/utils';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { SectionLink } from './section-link';

const SECTIONS: { label: string; section: LandingSection }[] = [
  { label: 'Home', section: 'top' },
  { label: 'Token Details', section: 'tokendetails' },
  { label: 'Rewards', section: 'rewards' },
  { label: 'FAQ', section: 'faq' },
];

/** Header of the public pages. It uses no router (see app/landing-app.tsx): links to other pages are plain links. */
export function SiteHeader() {
  const hidden = useHideOnScroll(50);
  const [menuOpen, setMenuOpen] = useState(false);
  const { data: sale } = useSale();
  const { data: me } = useMe();
  const { data: current } = useCurrentDraw();
  const { resolved, toggle } = useTheme();
  // The prize draw's link, after Rewards, only while the landing shows its section.
  const sections = current?.draw ? [...SECTIONS.slice(0, 3), { label: current.draw.title, section: 'cybertruck' as const }, ...SECTIONS.slice(3)] : SECTIONS;

  // Plain elements styled as buttons rather than <Button asChild>: the landing page does without
  // Radix Slot (bench P3, decision 013).
  const account = me ? (
    <a href={paths.dashboard} className={buttonVariants({ size: 'sm' })}>
      Dashboard
    </a>
  ) : (
    <>
      <a href={paths.login} className={buttonVariants({ size: 'sm', variant: 'ghost' })}>
        Log in
      </a>
      <a href={paths.register} className={buttonVariants({ size: 'sm' })}>
        Register
      </a>
    </>
  );

  return (
    <header
      className={cn(
        'bg-background/85 supports-[backdrop-filter]:bg-background/70 sticky top-0 z-40 border-b backdrop-blur transition-transform duration-300',
        hidden && !menuOpen && '-translate-y-full',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <SectionLink section="top" className="flex min-w-0 items-center gap-2">
          <img src="/favicon.svg" alt="" className="size-8 shrink-0" width={32} height={32} />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate font-semibold">{sale?.token.name ?? '\u00a0'}</span>
            <span className="text-muted-foreground text-xs">Official Presale</span>
          </span>
        </SectionLink>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          {sections.map((s) => (
            <SectionLink key={s.section} section={s.section} className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-w-48 truncate' })}>
              {s.label}
            </SectionLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <button
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            onClick={toggle}
            aria-label={resolved === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          >
            {resolved === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
          </button>
          <div className="hidden items-center gap-2 md:flex">{account}</div>
          <button
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t px-4 pt-2 pb-4 md:hidden">
          <ul className="grid gap-1">
            {/* The menu closes before the link scrolls (flushSync): closing it later shortened the page
                above the section while the scroll ran, and the section ended up out of view. */}
            {sections.map((s) => (
              <li key={s.section}>
                <SectionLink section={s.section} className="hover:bg-accent block rounded-md px-3 py-2 text-sm font-medium" onClick={() => flushSync(() => setMenuOpen(false))}>
                  {s.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex gap-2 [&>*]:flex-1">{account}</div>
        </nav>
      ) : null}
    </header>
  );
}
