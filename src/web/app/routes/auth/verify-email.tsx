// The link from the verification or change-of-address e-mail (issue 14): opening it verifies the
// address it was sent to, or moves the account there.
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/web/components/layouts/auth-layout';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { FormError } from '@/web/components/ui/form-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useVerifyEmail } from '@/web/api/mail';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useUrlToken } from '@/web/lib/use-url-token';

export function Component() {
  useDocumentTitle('Verify e-mail');
  const token = useUrlToken();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // A link works once: it is sent once per token, whatever the renders.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [mutate, token]);
  const failure = verify.isError ? (verify.error instanceof ApiError && verify.error.fields.token ? verify.error.fields.token : errorMessage(verify.error, 'The address could not be verified.')) : null;
  return (
    <AuthLayout title="Verify your e-mail address" description="One click, to confirm the address is yours.">
      <div className="grid gap-4">
        {verify.isSuccess ? (
          <Alert role="status">
            <CheckCircle2 aria-hidden />
            <AlertDescription>
              {verify.data.changed ? `Your address is now ${verify.data.email}. Sign in with it from now on.` : `Your address ${verify.data.email} is verified.`}
            </AlertDescription>
          </Alert>
        ) : failure ? (
          <FormError message={failure} />
        ) : (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <Spinner /> Verifying…
          </p>
        )}
        <Link to={paths.dashboard} className="text-primary text-center text-sm font-medium underline-offset-4 hover:underline">
          Go to your dashboard
        </Link>
      </div>
    </AuthLayout>
  );
}
