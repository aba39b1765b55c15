import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { SetupItemKey } from '@/contracts/setup';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useAdminSetup } from '@/web/api/setup';
import { paths } from '@/web/lib/paths';

/** Where each item is fixed; the crypto items are on this page, below the checklist. */
const FIX: Record<SetupItemKey, { href: string; label: string }> = {
  price: { href: paths.admin.mainCurrency, label: 'Main currency' },
  dates: { href: paths.admin.sale, label: 'Sale settings' },
  crypto: { href: '#add-currency', label: 'Add a currency' },
  addresses: { href: '#all-currencies', label: 'All currencies' },
  password: { href: paths.admin.changePassword, label: 'Change Pass' },
};

const LINK_CLASS = 'text-primary underline underline-offset-4 hover:no-underline';

/** A link to another page, or to a section of this one (an anchor, which the browser scrolls to). */
function FixLink({ href, label }: { href: string; label: string }) {
  return href.startsWith('#') ? (
    <a href={href} className={LINK_CLASS}>
      Go to {label}
    </a>
  ) : (
    <Link to={href} className={LINK_CLASS}>
      Go to {label}
    </Link>
  );
}

/** Shown at the top of /admin until everything a buyer needs to pay is in place. */
export function SetupChecklist() {
  const { data } = useAdminSetup();
  if (!data || data.complete) return null;
  const open = data.items.filter((i) => !i.done).length;
  return (
    <Card className="border-amber-500/60" aria-labelledby="setup-checklist-title">
      <CardHeader>
        <CardTitle id="setup-checklist-title">Setup checklist</CardTitle>
        <CardDescription>
          {open} of {data.items.length} steps left before the sale is ready for buyers.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Setup steps">
          {data.items.map((item) => (
            <li key={item.key} className="flex items-start gap-3">
              {item.done ? (
                <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-green-600 dark:text-green-400" />
              ) : (
                <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
              )}
              <div className="grid gap-0.5">
                <p className="font-medium">
                  {item.title} <span className="sr-only">{item.done ? '(done)' : '(to do)'}</span>
                </p>
                <p className="text-muted-foreground text-sm">
                  {item.detail}{' '}
                  {item.done ? null : <FixLink {...FIX[item.key]} />}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
