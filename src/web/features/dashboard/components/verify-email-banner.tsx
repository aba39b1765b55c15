// Until the buyer opens the link sent to their address (issue 14): where it went, and a new one on
// request. Dismissed for this browser session only: it comes back until the address is verified.
import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import type { Me } from '@/contracts/auth';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useResendVerification } from '@/web/api/mail';
import { errorMessage } from '@/web/lib/api-client';

const DISMISSED = 'presale.verify-banner-dismissed';

export function VerifyEmailBanner({ me }: { me: Me }) {
  const resend = useResendVerification();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === me.email);
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  if (me.emailVerified || dismissed) return null;
  return (
    <Alert role="region" aria-label="Verify your e-mail address" className="relative pr-10">
      <MailWarning aria-hidden />
      <AlertTitle>Verify your e-mail address</AlertTitle>
      <AlertDescription className="grid gap-2">
        <span>We sent a link to {me.email}. Open it to confirm the address is yours.</span>
        <span className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (data) => setAnswer({ text: data.message, failed: false }),
                onError: (error) => setAnswer({ text: errorMessage(error, 'The link could not be sent.'), failed: true }),
              })
            }
          >
            {resend.isPending ? <Spinner /> : null}
            Resend
          </Button>
          {answer ? (
            <span role={answer.failed ? 'alert' : 'status'} className={answer.failed ? 'text-destructive' : undefined}>
              {answer.text}
            </span>
          ) : null}
        </span>
      </AlertDescription>
      <button
        type="button"
        aria-label="Dismiss"
        className="text-muted-foreground hover:text-foreground absolute top-3 right-3"
        onClick={() => {
          sessionStorage.setItem(DISMISSED, me.email);
          setDismissed(true);
        }}
      >
        <X className="size-4" aria-hidden />
      </button>
    </Alert>
  );
}
