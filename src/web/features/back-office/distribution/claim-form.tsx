// Publishes a distribution's Merkle root's claim contract (issue 19): its buyers with a wallet are
// then shown their proof and how to claim. It never changes, so it asks for the password (step-up).
import { claimBodySchema } from '@/contracts/distribution';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { usePublishClaim } from '@/web/api/distribution';
import { useServerForm } from '@/web/hooks/use-server-form';

export function ClaimForm({ distributionId }: { distributionId: number }) {
  const publish = usePublishClaim(distributionId);
  const { register, onSubmit, formState } = useServerForm({
    schema: claimBodySchema,
    defaultValues: { contract: '', claimUrl: '' },
    fields: ['contract', 'claimUrl'] as const,
    submit: (body) => publish.mutateAsync(body),
    successToast: 'Claim contract published',
    errorToast: { fallback: 'The claim contract could not be published.', unlessShownAtFields: true },
  });
  const { errors } = formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Claim contract of distribution ${distributionId}`} className="grid items-start gap-3 sm:grid-cols-2">
      <FormField label="Claim contract" error={errors.contract?.message} hint="Holding this distribution’s Merkle root, on the token’s chain; as the explorer shows it (mixed case).">
        <Input spellCheck={false} autoComplete="off" placeholder="0x…" className="font-mono" {...register('contract')} />
      </FormField>
      <FormField label="Claim page (optional)" error={errors.claimUrl?.message} hint="The sale’s own page where buyers claim, https://…">
        <Input type="url" spellCheck={false} autoComplete="off" placeholder="https://" {...register('claimUrl')} />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" disabled={publish.isPending}>
          {publish.isPending ? <Spinner /> : null}
          Publish claim contract
        </Button>
      </div>
    </form>
  );
}
