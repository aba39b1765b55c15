import { Link } from 'react-router';
import { useCryptos } from '@/web/features/cryptos/api/get-cryptos';
import { useSale } from '@/web/features/sale/api/get-sale';
import { paths } from '@/web/lib/paths';

const LINKS = [
  { label: 'Homepage', to: paths.homeSection('top') },
  { label: 'Token Details', to: paths.homeSection('tokendetails') },
  { label: 'Rewards', to: paths.homeSection('rewards') },
  { label: 'FAQ', to: paths.homeSection('faq') },
  { label: 'Privacy', to: paths.privacy },
  { label: 'Terms', to: paths.terms },
] as const;

export function SiteFooter() {
  const { data: sale } = useSale();
  const { data: cryptos } = useCryptos();
  return (
    <footer className="bg-muted/40 border-t">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-3">
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {LINKS.map((l) => (
                <li key={l.label}>
                  <Link to={l.to} className="text-muted-foreground hover:text-foreground underline-offset-4 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
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
