// Before ordering, the buyer accepts the current terms (issue 34): after a new version, or once
// for accounts made before terms were kept on record. Nothing shows while they are accepted.
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { useAcceptTerms, useMyTerms } from '@/web/api/terms';
import { ApiError, errorMessage } from '@/web/lib/api-client';

// Shown only after a new version of the terms: its box (shared with registration) is not one more
// request of every Buy Token's first screen.
const TermsAcceptanceBox = lazy(() => import('@/web/components/terms-acceptance-box').then((m) => ({ default: m.TermsAcceptanceBox })));

export function TermsGate() {
  const mine = useMyTerms();
  const accept = useAcceptTerms();
  const [ticked, setTicked] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  if (!mine.data || mine.data.accepted) return null;
  const { version } = mine.data.current;

  const submit = () => {
    if (ticked !== version) return setError('Accept the Terms to continue.');
    setError(undefined);
    accept.mutate(
      { termsVersion: version },
      {
        onError: (e) => {
          setTicked(undefined);
          setError((e instanceof ApiError ? e.fields.termsVersion : undefined) ?? errorMessage(e, 'The acceptance could not be saved.'));
          void mine.refetch();
        },
      },
    );
  };

  return (
    <Suspense fallback={null}>
      <section aria-labelledby="terms-gate-title" className="border-primary/40 bg-primary/5 grid gap-3 rounded-lg border p-4">
        <h2 id="terms-gate-title" className="font-semibold">
          Accept the current Terms to order
        </h2>
        <p className="text-muted-foreground text-sm">Orders need the current Terms of this sale (version {version}) accepted on record: a new version was published, or you have not accepted one yet. Read them, then accept them.</p>
        <TermsAcceptanceBox version={version} checked={ticked === version} onChange={setTicked} error={error} />
        <div>
          <Button type="button" onClick={submit} disabled={accept.isPending}>
            Accept the Terms
          </Button>
        </div>
      </section>
    </Suspense>
  );
}
