// The country check an order stored when it was made (issue 34): the declared country, the request's
// address and the country a MaxMind database placed it in (or why none), and the verdict.
import type { EligibilityCheck, Lookup } from '@/contracts/eligibility';
import { countryLabel } from '@/domain/countries';
import { formatDateTime } from '@/web/lib/format';

const LOOKUP_TEXT: Record<Exclude<Lookup, 'found'>, string> = {
  not_found: 'not in the database',
  no_database: 'no MaxMind database configured',
  no_request: 'no request (credited from a deposit)',
};

export function OrderCountryCheck({ check }: { check: EligibilityCheck | null }) {
  const rows: [string, string][] = check
    ? [
        ['Declared', check.declaredCountry ? countryLabel(check.declaredCountry) : 'none'],
        ['Address', check.address ?? '—'],
        ['Address from', check.lookup === 'found' && check.addressCountry ? countryLabel(check.addressCountry) : LOOKUP_TEXT[check.lookup === 'found' ? 'not_found' : check.lookup]],
        ['Verdict', check.verdict === 'allowed' ? 'Allowed' : `Restricted (by ${check.restrictedBy.join(' and ')}), recorded without refusing`],
        ['Checked', formatDateTime(check.checkedAt)],
      ]
    : [['Check', 'None: made before countries were checked']];
  return (
    <section aria-label="Country check" className="grid gap-2">
      <h3 className="text-sm font-semibold">Country check</h3>
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
