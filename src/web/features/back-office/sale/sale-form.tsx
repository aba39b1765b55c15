// The sale's token, caps and schedule as one form; the inputs hold the operator's local times.
import { Can } from '@/web/features/back-office/shell/can';
import { useState, type SyntheticEvent } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import { type SaleSettings, type SaleSettingsBody, saleSettingsBodySchema } from '@/contracts/sale';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useUpdateSale } from '@/web/api/sale';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { fromLocalInput, toLocalInput } from './local-time';

const FIELDS = ['tokenName', 'tokenSymbol', 'totalSupply', 'softCap', 'startsAt', 'endsAt', 'orderExpiryMinutes', 'maxPendingOrders', 'requireVerifiedEmail', 'listingAt', 'deliveryNote'] as const;

/** The operator's own time zone, named next to the date inputs. */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type FormValues = Omit<SaleSettingsBody, 'listingAt'> & { listingAt: string | null };

function toForm(s: SaleSettings): FormValues {
  return {
    tokenName: s.tokenName,
    tokenSymbol: s.tokenSymbol,
    totalSupply: s.totalSupply,
    softCap: s.softCap,
    startsAt: toLocalInput(s.startsAt),
    endsAt: toLocalInput(s.endsAt),
    orderExpiryMinutes: s.orderExpiryMinutes,
    maxPendingOrders: s.maxPendingOrders,
    requireVerifiedEmail: s.requireVerifiedEmail,
    listingAt: toLocalInput(s.listingAt),
    deliveryNote: s.deliveryNote,
  };
}

// The inputs hold local times; the schema and the server speak ISO instants.
const saleFormSchema = z
  .custom<FormValues>()
  .transform((values) => ({
    ...values,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    listingAt: values.listingAt ? fromLocalInput(values.listingAt) : null,
  }))
  .pipe(saleSettingsBodySchema);

/** The typed amount with its digits grouped ("1,000,000 tokens"), once it is a number. */
function GroupedHint({ control, name }: { control: Control<FormValues, unknown, z.output<typeof saleFormSchema>>; name: 'totalSupply' | 'softCap' }) {
  const value = useWatch({ control, name }).trim();
  return /^\d+(\.\d{1,6})?$/.test(value) ? <>{formatAmount(value)} tokens</> : null;
}

export function SaleForm({ settings }: { settings: SaleSettings }) {
  const update = useUpdateSale();
  const {
    register,
    onSubmit,
    reset,
    control,
    trigger,
    getValues,
    formState: { errors, isDirty },
  } = useServerForm({
    schema: saleFormSchema,
    defaultValues: toForm(settings),
    fields: FIELDS,
    submit: (body) => update.mutateAsync(body),
    successToast: 'Sale settings saved',
    errorToast: { fallback: 'Failed to save the sale settings.' },
    onSuccess: (saved, { form }) => form.reset(toForm(saved)),
  });

  // An end time in the past ends a sale that is running (or unscheduled) the moment it is saved: ask first.
  const [endingAt, setEndingAt] = useState<string | null>(null);
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const now = Date.now();
    const alreadyEnded = settings.scheduled && Date.parse(settings.endsAt) <= now;
    const endsAt = fromLocalInput(getValues('endsAt'));
    if (!alreadyEnded && Date.parse(endsAt) <= now && (await trigger())) {
      setEndingAt(endsAt);
      return;
    }
    await onSubmit(event);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6">
      <Dialog open={endingAt !== null} onOpenChange={(open) => !open && setEndingAt(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>End the sale now?</DialogTitle>
            <DialogDescription>
              The end time {endingAt ? formatDateTime(endingAt) : ''} is in the past: saving it ends the sale at once, and buyers can no longer order.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setEndingAt(null)}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              onClick={() => {
                setEndingAt(null);
                void onSubmit();
              }}
            >
              End the sale
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {settings.scheduled ? null : (
        <Alert variant="warning" role="status">
          <AlertTitle>The sale is not scheduled yet</AlertTitle>
          <AlertDescription>Buyers read that it opens soon and cannot order until you check these settings and save them.</AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Token</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="Token name" error={errors.tokenName?.message}>
            <Input {...register('tokenName')} />
          </FormField>
          <FormField label="Symbol" error={errors.tokenSymbol?.message}>
            <Input autoCapitalize="characters" {...register('tokenSymbol')} />
          </FormField>
          <FormField label="Total supply" error={errors.totalSupply?.message} hint={<GroupedHint control={control} name="totalSupply" />}>
            <Input inputMode="decimal" {...register('totalSupply')} />
          </FormField>
          <FormField label="Soft cap (tokens)" error={errors.softCap?.message} hint={<GroupedHint control={control} name="softCap" />}>
            <Input inputMode="decimal" {...register('softCap')} />
          </FormField>
          <p className="text-muted-foreground self-end text-sm sm:col-span-2">
            Hard cap: the stages&apos; allocations, {formatAmount(settings.hardCap)} {settings.tokenSymbol}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Schedule</CardTitle>
          <p className="text-muted-foreground text-sm">Times are in your time zone: {ZONE}.</p>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="Start time" error={errors.startsAt?.message}>
            <Input type="datetime-local" {...register('startsAt')} />
          </FormField>
          <FormField label="End time" error={errors.endsAt?.message}>
            <Input type="datetime-local" {...register('endsAt')} />
          </FormField>
          <FormField label={`Order expiry (${settings.orderExpiryUnit})`} error={errors.orderExpiryMinutes?.message}>
            <Input inputMode="numeric" {...register('orderExpiryMinutes', { setValueAs: (v: string) => (v === '' ? Number.NaN : Number(v)) })} />
          </FormField>
          <FormField label="Pending orders per buyer" error={errors.maxPendingOrders?.message}>
            <Input inputMode="numeric" {...register('maxPendingOrders', { setValueAs: (v: string) => (v === '' ? Number.NaN : Number(v)) })} />
          </FormField>
          <FormField label="Listing date (optional)" error={errors.listingAt?.message} hint="Leave empty to hide it on the landing page.">
            <Input type="datetime-local" {...register('listingAt', { setValueAs: (v: string) => (v === '' ? null : v) })} />
          </FormField>
          <label className="flex items-start gap-3 text-sm sm:col-span-2">
            <input type="checkbox" className="mt-0.5 size-4" {...register('requireVerifiedEmail')} />
            <span>
              <span className="font-medium">Buyers must verify their e-mail before ordering</span>
              <span className="text-muted-foreground block">They open the link sent to their address first (off by default).</span>
              {errors.requireVerifiedEmail?.message ? <span className="text-destructive block">{errors.requireVerifiedEmail.message}</span> : null}
            </span>
          </label>
          <FormField label="Delivery note" error={errors.deliveryNote?.message} hint="Shown to buyers when they ask to withdraw tokens." className="sm:col-span-2">
            <Textarea rows={3} {...register('deliveryNote')} />
          </FormField>
        </CardContent>
      </Card>
      <div className="flex gap-2">
        <Can need="manage">
          <Button type="submit" disabled={update.isPending || (settings.scheduled && !isDirty)}>
            {update.isPending ? <Spinner /> : null}
            Save sale settings
          </Button>
        </Can>
        <Button type="button" variant="outline" disabled={!isDirty} onClick={() => reset(toForm(settings))}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

