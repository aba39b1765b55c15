// Buy Token and the identity threshold (issue 34, decision 041): once a buyer's orders reach the
// threshold, they are told to verify their identity and where; before, a line says where the limit
// is and that they may verify ahead. Nothing shows when the sale asks no checks or they are verified.
import { Link } from 'react-router';
import { dec } from '@/domain/decimal';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { useMyIdentity } from '@/web/api/identity';
import { paths } from '@/web/lib/paths';

export function IdentityGate() {
  const { data } = useMyIdentity();
  if (!data || data.thresholdUsd === null || data.status === 'approved') return null;
  if (dec(data.committedUsd).lt(data.thresholdUsd))
    return (
      <p className="text-muted-foreground text-sm">
        Orders totalling more than {data.thresholdUsd} USD need a verified identity (yours total {data.committedUsd} USD).{' '}
        <Link className="text-primary underline" to={paths.verification}>
          {data.status === 'pending' ? 'Your check is waiting for review.' : 'Verify ahead'}
        </Link>
      </p>
    );
  const waiting = data.status === 'pending';
  return (
    <Alert variant={waiting ? 'default' : 'destructive'}>
      <AlertTitle>{waiting ? 'Your identity check is waiting for review' : 'Verify your identity to order more'}</AlertTitle>
      <AlertDescription>
        <p>
          Orders totalling more than {data.thresholdUsd} USD need a verified identity; yours total {data.committedUsd} USD.{' '}
          {waiting ? 'You will be told by e-mail when it is checked.' : null}
        </p>
        <Link className="text-primary font-medium underline" to={paths.verification}>
          Open Verification
        </Link>
      </AlertDescription>
    </Alert>
  );
}
