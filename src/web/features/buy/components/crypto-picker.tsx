// The searchable, paged grid of offered cryptocurrencies (PRODUCT.md §4).
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { PublicCrypto } from '@/contracts/cryptos';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Pagination } from '@/web/components/ui/pagination';
import { cn } from '@/web/lib/utils';
import { networkLabel } from '@/web/lib/network-label';
import { useCryptoPageSize } from '../hooks/use-crypto-page-size';

function matches(crypto: PublicCrypto, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || crypto.code.toLowerCase().includes(q) || crypto.name.toLowerCase().includes(q);
}

export function CryptoPicker({ cryptos, chosen, onChoose }: { cryptos: PublicCrypto[]; chosen: string | null; onChoose: (code: string) => void }) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = useCryptoPageSize();

  const found = cryptos.filter((c) => matches(c, query));
  const pageCount = Math.max(1, Math.ceil(found.length / pageSize));
  const current = Math.min(page, pageCount);
  const shown = found.slice((current - 1) * pageSize, current * pageSize);

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={searchId}>Search currencies</Label>
        <div className="relative">
          <Search className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden />
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            placeholder="Code or name, e.g. ETH"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
            className="pl-9"
          />
        </div>
      </div>
      {found.length === 0 ? (
        <p className="text-muted-foreground rounded-md border border-dashed p-4 text-center text-sm">No currencies match “{query.trim()}”.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 2xl:grid-cols-3" aria-label="Currencies">
          {shown.map((crypto) => {
            const isChosen = crypto.code === chosen;
            return (
              <li key={crypto.code} className="min-w-0">
                <button
                  type="button"
                  aria-pressed={isChosen}
                  onClick={() => onChoose(crypto.code)}
                  className={cn(
                    'hover:bg-accent focus-visible:ring-ring/50 flex h-full w-full min-w-0 items-start gap-2.5 rounded-md border p-2.5 text-left transition-colors outline-none focus-visible:ring-[3px]',
                    isChosen && 'border-primary bg-primary/10 hover:bg-primary/15 ring-primary ring-1',
                  )}
                >
                  {/* Beside its code and name the icon is decoration: it need not compete with the page's code and data. */}
                  <img src={crypto.iconUrl} alt="" width={28} height={28} fetchPriority="low" className="mt-0.5 size-7 shrink-0" />
                  {/* Code, name and network in full: the network decides whether a payment arrives. */}
                  <span className="grid min-w-0 gap-0.5 break-words">
                    <span className="text-sm font-semibold">{crypto.code}</span>
                    <span className="text-xs">{crypto.name}</span>
                    <span className="text-muted-foreground text-xs">on {networkLabel(crypto.network, crypto.chainId, crypto.name)}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={current} pageCount={pageCount} onPageChange={setPage} label="Currency pages" hideSinglePage size="sm" className="flex-nowrap justify-between gap-2" />
    </div>
  );
}
