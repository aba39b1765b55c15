// Campaign codes on the Referrals page (issue 31): create a code (its buyer bonus, an optional reward
// for a referrer account, a usage limit and an end) and see each code's uses and tokens.
import { z } from 'zod';
import { campaignCodeBodySchema, type AdminCampaignCode, type CampaignCodeBody } from '@/contracts/campaigns';
import { QueryView } from '@/web/components/query-view';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useCampaignCodes, useCreateCampaignCode } from '@/web/api/campaigns';
import { Can } from '@/web/features/back-office/shell/can';
import { fromLocalInput } from '@/web/features/back-office/sale/local-time';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatAmount, formatDateTime } from '@/web/lib/format';

const FIELDS = ['code', 'buyerPercent', 'referrerPercent', 'referrerEmail', 'usageLimit', 'endsAt'] as const;
const EMPTY: CampaignCodeBody = { code: '', buyerPercent: '', referrerPercent: '0', referrerEmail: '', usageLimit: '', endsAt: '' };

// The end input holds local time; the schema and the server speak ISO instants.
const formSchema = z
  .custom<CampaignCodeBody>()
  .transform((values) => ({ ...values, endsAt: fromLocalInput(values.endsAt) }))
  .pipe(campaignCodeBodySchema);

function CampaignCodeForm() {
  const create = useCreateCampaignCode();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: formSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    submit: (body) => create.mutateAsync(body),
    successToast: 'Campaign code created',
    errorToast: { fallback: 'Failed to create the campaign code.' },
    onSuccess: (_created, { form }) => form.reset(EMPTY),
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="New campaign code" className="grid gap-4 sm:grid-cols-3">
      <FormField label="Code" error={errors.code?.message} hint="Buyers type it on Buy Token, in any case.">
        <Input autoComplete="off" {...register('code')} />
      </FormField>
      <FormField label="Buyer bonus (%)" error={errors.buyerPercent?.message}>
        <Input inputMode="decimal" {...register('buyerPercent')} />
      </FormField>
      <FormField label="Ends" error={errors.endsAt?.message}>
        <Input type="datetime-local" {...register('endsAt')} />
      </FormField>
      <FormField label="Referrer e-mail" error={errors.referrerEmail?.message} hint="Optional: the account credited a reward for each use.">
        <Input type="email" autoComplete="off" {...register('referrerEmail')} />
      </FormField>
      <FormField label="Referrer reward (%)" error={errors.referrerPercent?.message}>
        <Input inputMode="decimal" {...register('referrerPercent')} />
      </FormField>
      <FormField label="Usage limit" error={errors.usageLimit?.message} hint="Approved orders; empty for no limit.">
        <Input inputMode="numeric" {...register('usageLimit')} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : null}
        Create code
      </Button>
    </form>
  );
}

function CodeTable({ codes }: { codes: AdminCampaignCode[] }) {
  if (codes.length === 0) return <p className="text-muted-foreground text-sm">No campaign codes yet.</p>;
  return (
    <Table aria-label="Campaign codes">
      <TableHeader>
        <TableRow>
          <TableHead>Code</TableHead>
          <TableHead className="text-right">Buyer bonus</TableHead>
          <TableHead>Referrer</TableHead>
          <TableHead>Ends</TableHead>
          <TableHead className="text-right">Uses</TableHead>
          <TableHead className="text-right">Buyer tokens</TableHead>
          <TableHead className="text-right">Referrer tokens</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {codes.map((c) => (
          <TableRow key={c.id}>
            <TableCell className="font-medium">{c.code}</TableCell>
            <TableCell className="text-right">{c.buyerPercent}%</TableCell>
            <TableCell>{c.referrer ? `${c.referrer} (${c.referrerPercent}%)` : '—'}</TableCell>
            <TableCell>{formatDateTime(c.endsAt)}</TableCell>
            <TableCell className="text-right">{c.usageLimit === null ? c.uses : `${String(c.uses)} of ${String(c.usageLimit)}`}</TableCell>
            <TableCell className="text-right">{formatAmount(c.buyerTokens)}</TableCell>
            <TableCell className="text-right">{formatAmount(c.referrerTokens)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function CampaignCodesCard() {
  const { data, isError } = useCampaignCodes();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Campaign codes</CardTitle>
        <CardDescription>
          A buyer who enters a code on Buy Token sees its bonus in the quote. When the order is approved, the buyer (and the referrer account, if set) is credited, taken from the current stage; a bonus that does not fit is reduced to what fits. Uses count at approval: an order never paid uses nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Can need="manage">
          <CampaignCodeForm />
        </Can>
        <QueryView data={data} isError={isError} errorText="The campaign codes could not be loaded." loadingLabel="Loading the campaign codes" skeletonClassName="h-32">
          {(list) => <CodeTable codes={list.codes} />}
        </QueryView>
      </CardContent>
    </Card>
  );
}
