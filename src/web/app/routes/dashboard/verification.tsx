// Verification (issue 34, decision 041): where the buyer stands with the identity check the sale asks
// above its threshold, and what to do: send a document and a selfie for review, or follow the
// provider's link; after a rejection, the reviewer's reason.
import type { MyIdentity } from '@/contracts/identity';
import { QueryView } from '@/web/components/query-view';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useMyIdentity } from '@/web/api/identity';
import { IdentityUploadForm } from '@/web/features/dashboard/identity/identity-upload-form';
import { formatDateTime } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const STATUS = {
  none: { label: 'Not verified', variant: 'secondary' },
  pending: { label: 'Waiting for review', variant: 'warning' },
  approved: { label: 'Verified', variant: 'success' },
  rejected: { label: 'Not accepted', variant: 'destructive' },
} as const;

function NextStep({ mine }: { mine: MyIdentity }) {
  if (mine.status === 'approved') return <p className="text-sm">Your identity is verified{mine.decidedAt ? ` (${formatDateTime(mine.decidedAt)})` : ''}. You can order without this limit.</p>;
  if (mine.status === 'pending') return <p className="text-sm">Your documents were sent on {formatDateTime(mine.submittedAt ?? '')}. You will be told by e-mail when they are checked.</p>;
  if (mine.mode === 'provider')
    return mine.flowUrl ? (
      <p className="text-sm">
        This sale verifies identities through its provider.{' '}
        <a className="text-primary font-medium underline" href={mine.flowUrl} target="_blank" rel="noreferrer">
          Verify my identity with the provider
        </a>
        . Come back here once you are done: the result arrives on its own.
      </p>
    ) : (
      <p className="text-sm">The provider is not set up yet: contact the sale team.</p>
    );
  return <IdentityUploadForm />;
}

export function Component() {
  useDocumentTitle('Verification');
  const { data, isError } = useMyIdentity();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Verification</h1>
      <QueryView data={data} isError={isError} errorText="Your verification could not be loaded." loadingLabel="Loading your verification" skeletonClassName="h-64">
        {(mine) =>
          mine.thresholdUsd === null && mine.status === 'none' ? (
            <p className="text-muted-foreground text-sm">This sale does not ask for identity checks.</p>
          ) : (
            <Card className="max-w-2xl">
              <CardHeader>
                <CardTitle className="flex flex-wrap items-center gap-2">
                  Identity check <Badge variant={STATUS[mine.status].variant}>{STATUS[mine.status].label}</Badge>
                </CardTitle>
                <CardDescription>
                  {mine.thresholdUsd === null
                    ? 'Your identity check, as last decided.'
                    : `Orders totalling more than ${mine.thresholdUsd} USD need a verified identity. Your approved and pending orders total ${mine.committedUsd} USD.`}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                {mine.status === 'rejected' && mine.reason ? (
                  <Alert variant="destructive">
                    <AlertTitle>Your last documents were not accepted</AlertTitle>
                    <AlertDescription>{mine.reason}</AlertDescription>
                  </Alert>
                ) : null}
                <NextStep mine={mine} />
              </CardContent>
            </Card>
          )
        }
      </QueryView>
    </div>
  );
}
