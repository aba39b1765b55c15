// Order updates by e-mail (issue 14): on by default; decisions and security messages always go.
import { useId, useState } from 'react';
import type { Me } from '@/contracts/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useMailPreferences } from '@/web/api/auth';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

export function MailPreferences({ me }: { me: Me }) {
  const save = useMailPreferences();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail</CardTitle>
        <CardDescription>Approvals, rejections and security messages (such as a password reset) are always sent to {me.email}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <label htmlFor={id} className="flex items-start gap-3 text-sm">
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-4"
            checked={me.orderUpdates}
            disabled={save.isPending}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setError(null);
              save.mutate(
                { orderUpdates: e.target.checked },
                {
                  onSuccess: (next) => toast.success(next.orderUpdates ? 'Order updates turned on' : 'Order updates turned off'),
                  onError: (err) => setError(errorMessage(err, 'The preference could not be saved.')),
                },
              );
            }}
          />
          <span>
            <span className="font-medium">Order updates</span>
            <span className="text-muted-foreground block">An e-mail when you place an order (with the address and QR code), when your payment is seen on the chain, and when an order expires.</span>
          </span>
          {save.isPending ? <Spinner /> : null}
        </label>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
