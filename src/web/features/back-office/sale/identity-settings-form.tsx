// Identity checks (issue 34, decision 041), on the Sale page beside the restricted countries: the USD
// threshold (empty: off), review in Presale or a provider, how long documents are kept, and the
// provider's webhook secret (never shown again) and flow address.
import { identitySettingsBodySchema, SIGNATURE_HEADER, type IdentitySettings } from '@/contracts/identity';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Spinner } from '@/web/components/ui/spinner';
import { useSaveIdentitySettings } from '@/web/api/identity';
import { Can } from '@/web/features/back-office/shell/can';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatDateTime } from '@/web/lib/format';

const FIELDS = ['thresholdUsd', 'mode', 'retentionDays', 'webhookSecret', 'flowUrl'] as const;

const formValues = (s: IdentitySettings) => ({ thresholdUsd: s.thresholdUsd ?? '', mode: s.mode, retentionDays: String(s.retentionDays), webhookSecret: '', flowUrl: s.flowUrl });

export function IdentitySettingsForm({ settings }: { settings: IdentitySettings }) {
  const save = useSaveIdentitySettings();
  const {
    register,
    onSubmit,
    watch,
    formState: { errors, isDirty },
  } = useServerForm({
    schema: identitySettingsBodySchema,
    defaultValues: formValues(settings),
    fields: FIELDS,
    submit: (body) => save.mutateAsync(body),
    successToast: 'Identity check settings saved',
    errorToast: { fallback: 'Failed to save the identity check settings.', unlessShownAtFields: true },
    onSuccess: (saved, { form }) => form.reset(formValues(saved)),
  });
  const provider = watch('mode') === 'provider';
  const webhookUrl = `${window.location.origin}/api/identity/webhook`;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            Identity checks
            {settings.thresholdUsd === null ? <Badge variant="secondary">Off</Badge> : <Badge>Above {settings.thresholdUsd} USD</Badge>}
          </CardTitle>
          <CardDescription>
            A buyer whose approved and pending orders, with the new one, would total more than the threshold must have their identity verified before ordering more. Orders credited from deposits are not held back (the buyer already paid). When checks are needed, and how, is for your own legal advice.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {settings.updatedAt ? (
            <p className="text-muted-foreground text-sm sm:col-span-2">
              Last saved by {settings.updatedBy} on {formatDateTime(settings.updatedAt)}.
            </p>
          ) : null}
          <FormField label="Threshold (USD)" error={errors.thresholdUsd?.message} hint="Leave empty to turn identity checks off.">
            <Input inputMode="decimal" autoComplete="off" placeholder="1000" {...register('thresholdUsd')} />
          </FormField>
          <FormField
            label="How identities are checked"
            error={errors.mode?.message}
            hint={provider ? 'The buyer follows the provider’s link; its signed webhook sends the verdict.' : 'The buyer uploads a document and a selfie; an Owner or an allowed Manager reviews them.'}
          >
            <NativeSelect {...register('mode')}>
              <option value="review">Review in Presale</option>
              <option value="provider">A provider</option>
            </NativeSelect>
          </FormField>
          <FormField label="Keep documents for (days)" error={errors.retentionDays?.message} hint="After a check is decided, its files are deleted once this many days have passed (the verdict stays).">
            <Input type="number" min={1} max={3650} inputMode="numeric" {...register('retentionDays')} />
          </FormField>
          {provider ? (
            <>
              <FormField
                label="Provider's flow address"
                error={errors.flowUrl?.message}
                hint="Where a buyer starts verification; {userId} becomes the buyer's id, which the provider sends back in its verdict."
                className="sm:col-span-2"
              >
                <Input autoComplete="off" spellCheck={false} placeholder="https://kyc.example/flow?ref={userId}" {...register('flowUrl')} />
              </FormField>
              <FormField
                label="Webhook signing secret"
                error={errors.webhookSecret?.message}
                hint={`${settings.webhookSecretSet ? 'A secret is saved; leave empty to keep it. ' : ''}The provider posts verdicts to ${webhookUrl}, signed with HMAC-SHA256 of the body in the ${SIGNATURE_HEADER} header.`}
                className="sm:col-span-2"
              >
                <Input type="password" autoComplete="new-password" spellCheck={false} {...register('webhookSecret')} />
              </FormField>
            </>
          ) : null}
          <Can need="manage">
            <Button type="submit" className="justify-self-start sm:col-span-2" disabled={save.isPending || !isDirty}>
              {save.isPending ? <Spinner /> : null}
              Save identity check settings
            </Button>
          </Can>
        </CardContent>
      </Card>
    </form>
  );
}
