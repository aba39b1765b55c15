// The referral program's settings on the Sale page (issue 31): on/off, the referrer's and the
// referred buyer's percentages of an approved order's tokens, and the minimum order for a reward.
import { referralSettingsBodySchema, type ReferralSettings } from '@/contracts/referrals';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useSaveReferralSettings } from '@/web/api/referrals';
import { Can } from '@/web/features/back-office/shell/can';
import { useServerForm } from '@/web/hooks/use-server-form';

const FIELDS = ['enabled', 'referrerPercent', 'refereePercent', 'minUsd'] as const;

export function ReferralSettingsForm({ settings }: { settings: ReferralSettings }) {
  const save = useSaveReferralSettings();
  const {
    register,
    onSubmit,
    formState: { errors, isDirty },
  } = useServerForm({
    schema: referralSettingsBodySchema,
    defaultValues: settings,
    fields: FIELDS,
    submit: (body) => save.mutateAsync(body),
    successToast: 'Referral settings saved',
    errorToast: { fallback: 'Failed to save the referral settings.' },
    onSuccess: (saved, { form }) => form.reset(saved),
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Referral rewards</CardTitle>
          <CardDescription>
            When an order of a referred buyer is approved, its referrer (and, if you set it, the buyer) is credited a share of its tokens, taken from the current stage. A reward that does not fit in the stage is reduced to what fits.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <label className="flex items-start gap-3 text-sm sm:col-span-3">
            <input type="checkbox" className="mt-0.5 size-4" {...register('enabled')} />
            <span>
              <span className="font-medium">Referral rewards on</span>
              <span className="text-muted-foreground block">Off: orders approved from now on earn no referral reward.</span>
              {errors.enabled?.message ? <span className="text-destructive block">{errors.enabled.message}</span> : null}
            </span>
          </label>
          <FormField label="Referrer reward (%)" error={errors.referrerPercent?.message}>
            <Input inputMode="decimal" {...register('referrerPercent')} />
          </FormField>
          <FormField label="Referred buyer reward (%)" error={errors.refereePercent?.message}>
            <Input inputMode="decimal" {...register('refereePercent')} />
          </FormField>
          <FormField label="Minimum purchase (USD)" error={errors.minUsd?.message} hint="Orders below it earn no reward.">
            <Input inputMode="decimal" {...register('minUsd')} />
          </FormField>
          <Can need="manage">
            <Button type="submit" className="justify-self-start" disabled={save.isPending || !isDirty}>
              {save.isPending ? <Spinner /> : null}
              Save referral settings
            </Button>
          </Can>
        </CardContent>
      </Card>
    </form>
  );
}
