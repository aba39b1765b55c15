// One identity check in the reviewers' queue (decision 041): the buyer, their files (images shown,
// a PDF opened in a tab), and for a pending check Approve, or Reject with the reason the buyer reads.
import { identityRejectBodySchema, type IdentityCheck } from '@/contracts/identity';
import { countryLabel } from '@/domain/countries';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { identityDocumentUrl, useDecideIdentityCheck } from '@/web/api/identity';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { formatDateTime, formatUsd } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';

const KIND_LABELS = { document: 'Identity document', selfie: 'Selfie' } as const;
/** Each check's standing, in words (the buyer's Verification page says the same of theirs). */
const STATUSES = {
  pending: { label: 'Waiting for review', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
} as const;

function Documents({ check }: { check: IdentityCheck }) {
  if (check.documents.length === 0)
    return <p className="text-muted-foreground text-sm">{check.documentsDeletedAt ? `Files deleted on ${formatDateTime(check.documentsDeletedAt)} (retention period).` : 'No files (verified by the provider).'}</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {check.documents.map((d) => {
        const url = identityDocumentUrl(check.id, d.kind);
        return (
          <figure key={d.kind} className="grid gap-2">
            {d.mime === 'application/pdf' ? (
              <a className="text-primary underline" href={url} download>
                Download the PDF ({Math.ceil(d.bytes / 1024)} KB)
              </a>
            ) : (
              <a href={url} target="_blank" rel="noreferrer">
                <img src={url} alt={`${KIND_LABELS[d.kind]} of ${check.email}`} className="bg-muted max-h-72 w-full rounded-md border object-contain" />
              </a>
            )}
            <figcaption className="text-muted-foreground text-xs">{KIND_LABELS[d.kind]}</figcaption>
          </figure>
        );
      })}
    </div>
  );
}

function Decision({ check }: { check: IdentityCheck }) {
  const decide = useDecideIdentityCheck();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: identityRejectBodySchema,
    defaultValues: { reason: '' },
    fields: ['reason'] as const,
    submit: (body) => decide.mutateAsync({ id: check.id, approve: false, body }),
    successToast: 'Identity check rejected',
    errorToast: { fallback: 'The check could not be rejected.', unlessShownAtFields: true },
  });
  const approve = async () => {
    try {
      await decide.mutateAsync({ id: check.id, approve: true });
      toast.success('Identity check approved');
    } catch (error) {
      toast.error(errorMessage(error, 'The check could not be approved.'));
    }
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3">
      <FormField label="Reason for a rejection (the buyer reads it)" error={errors.reason?.message}>
        <Textarea rows={2} {...register('reason')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void approve()} disabled={decide.isPending}>
          {decide.isPending ? <Spinner /> : null}
          Approve
        </Button>
        <Button type="submit" variant="destructive" disabled={decide.isPending}>
          Reject
        </Button>
      </div>
    </form>
  );
}

export function IdentityCheckCard({ check }: { check: IdentityCheck }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {check.name || check.email}
          <Badge variant={STATUSES[check.status].variant}>{STATUSES[check.status].label}</Badge>
        </CardTitle>
        <CardDescription>
          {check.email} · buyer #{check.userId}
          {check.country ? ` · ${countryLabel(check.country)}` : ''} · {check.mode === 'provider' ? 'by the provider' : 'sent'} {formatDateTime(check.submittedAt)}
          {check.decidedAt ? ` · ${check.status} by ${check.decidedBy ?? ''} on ${formatDateTime(check.decidedAt)}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Documents check={check} />
        <p className="text-sm">Approved and pending orders: {formatUsd(check.committedUsd)}</p>
        {check.reason ? <p className="text-sm">Reason given: {check.reason}</p> : null}
        {check.status === 'pending' ? <Decision check={check} /> : null}
      </CardContent>
    </Card>
  );
}
