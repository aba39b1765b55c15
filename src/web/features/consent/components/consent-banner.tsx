import { Button } from '@/web/components/ui/button';
import { setConsent, useConsent } from '../lib/consent';

/** Asks once whether analytics cookies may be used; nothing is loaded until the visitor accepts. */
export function ConsentBanner() {
  const consent = useConsent();
  if (consent !== null) return null;
  return (
    <section
      role="region"
      aria-label="Cookie consent"
      className="bg-popover text-popover-foreground fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-2xl flex-col gap-3 rounded-lg border p-4 shadow-lg sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm">
        We would like to use analytics cookies to measure visits to this site. They are set only if you accept. See the{' '}
        <a href="/privacy" className="text-primary underline underline-offset-4">
          Privacy Policy
        </a>
        .
      </p>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => setConsent('declined')}>
          Decline
        </Button>
        <Button onClick={() => setConsent('accepted')}>Accept</Button>
      </div>
    </section>
  );
}
