// The withdrawal right's setting (issue 34, decision 040): off by default; on, buyers may withdraw an
// approved order for this many days after its approval. Saving asks for the password again (step-up).
import { withdrawalSettingsBodySchema, type WithdrawalSettings } from '@/contracts/withdrawals';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useSaveWithdrawalSettings } from '@/web/api/withdrawals';
import { Can } from '@/web/features/back-office/shell/can';
import { useServerForm } from '@/web/hooks/use-server-form';

const FIELDS = ['enabled', 'days'] as const;

export function WithdrawalSettingsForm({ settings }: { settings: WithdrawalSettings }) {
  const save = useSaveWithdrawalSettings();
  const {
    register,
    onSubmit,
    formState: { errors, isDirty },
  } = useServerForm({
    schema: withdrawalSettingsBodySchema,
    defaultValues: settings,
    fields: FIELDS,
    submit: (body) => save.mutateAsync(body),
    successToast: 'Withdrawal settings saved',
    errorToast: { fallback: 'Failed to save the withdrawal settings.', unlessShownAtFields: true },
    onSuccess: (saved, { form }) => form.reset(saved),
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Withdrawal right">
      <Card>
        <CardHeader>
          <CardTitle>Withdrawal right</CardTitle>
          <CardDescription>
            Where your buyers have a right to withdraw (for example retail buyers under MiCA), a buyer may withdraw an approved order until its approval plus these days. You complete each
            request by recording the refund you sent; the tokens then leave their balance and return to the stage the order was priced in. Whether the law requires it is for your legal advice.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <label className="flex items-start gap-3 text-sm sm:col-span-3">
            <input type="checkbox" className="mt-0.5 size-4" {...register('enabled')} />
            <span>
              <span className="font-medium">Withdrawal right on</span>
              <span className="text-muted-foreground block">Off: buyers are offered no withdrawal; requests already made stay for you to decide.</span>
              {errors.enabled?.message ? <span className="text-destructive block">{errors.enabled.message}</span> : null}
            </span>
          </label>
          <FormField label="Days after approval" error={errors.days?.message} hint="The deadline is the approval's time plus these days.">
            <Input type="number" inputMode="numeric" min={1} max={365} {...register('days')} />
          </FormField>
          <Can need="manage">
            <Button type="submit" className="justify-self-start sm:col-span-3" disabled={save.isPending || !isDirty}>
              {save.isPending ? <Spinner /> : null}
              Save withdrawal settings
            </Button>
          </Can>
        </CardContent>
      </Card>
    </form>
  );
}
