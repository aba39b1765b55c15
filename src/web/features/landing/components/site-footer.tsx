import { SupportContact } from '@/web/components/support-contact';
import { useCryptos, useSale } from '@/web/api/first-screen';
import { paths, type LandingSection } from '@/web/lib/paths';
import { SectionLink } from './section-link';

const SECTIONS: { label: string; section: LandingSection }[] = [
  { label: 'Homepage', section: 'top' },
  { label: 'Token Details', section: 'tokendetails' },
  { label: 'Rewards', section: 'rewards' },
  { label: 'FAQ', section: 'faq' },
];
const PAGES = [
  { label: 'Transparency', href: paths.transparency },
  { label: 'Privacy', href: paths.privacy },
  { label: 'Terms', href: paths.terms },
];
const LINK_CLASS = 'text-muted-foreground hover:text-foreground underline-offset-4 hover:underline';

export function SiteFooter() {
  const { data: sale } = useSale();
  const { data: cryptos } = useCryptos();
  return (
    <footer className="bg-muted/40 border-t">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-3">
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {SECTIONS.map((l) => (
                <li key={l.label}>
                  <SectionLink section={l.section} className={LINK_CLASS}>
                    {l.label}
                  </SectionLink>
                </li>
              ))}
              {PAGES.map((l) => (
                <li key={l.label}>
                  <a href={l.href} className={LINK_CLASS}>
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <SupportContact className="text-muted-foreground text-sm" />
          <p className="text-muted-foreground text-sm">
            © {new Date().getFullYear()} {sale?.token.name ?? ''}. All rights reserved.
          </p>
        </div>
        {cryptos && cryptos.length > 0 ? (
          <div className="grid gap-2">
            <p className="text-muted-foreground text-xs md:text-right">Accepted payments</p>
            <ul className="flex flex-wrap gap-2 md:justify-end" aria-label="Accepted cryptocurrencies">
              {cryptos.map((c) => (
                <li key={c.code}>
                  <img src={c.iconUrl} alt={c.name} title={c.name} width={28} height={28} className="size-7" loading="lazy" />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </footer>
  );
}
