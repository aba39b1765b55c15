// How Presale reads TRON (issue 33): a TronGrid-compatible API, the confirmations (19: solidified),
// the tolerance and the auto-approve limit, with the watcher's state and its removal. The server asks
// a new endpoint for its first block before saving: another network's lands on the endpoint field.
import { useState } from 'react';
import { z } from 'zod';
import { tronWatcherBodySchema, type TronSettings } from '@/contracts/payments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { DetailRow } from '@/web/components/ui/detail-row';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useRemoveTronWatcher, useSetTronWatcher } from '@/web/api/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { Can } from '@/web/features/back-office/shell/can';
import { NoBlockWarning } from './no-block-warning';
import { PaymentRemoveDialog } from './payment-remove-dialog';
import { StepNumber } from './payment-steps';
import { SettlementRuleFields, WatcherFormActions } from './watcher-form-parts';

type Watcher = NonNullable<TronSettings['watcher']>;

const FIELDS = ['apiUrl', 'fallbackUrl', 'confirmations', 'tolerancePercent', 'autoApproveUsd', 'minOrderUsd'] as const;

interface WatcherFormValues {
  apiUrl: string;
  /** Empty: no fallback. */
  fallbackUrl: string;
  confirmations: number;
  tolerancePercent: string;
  autoApproveUsd: string;
  /** Empty: no minimum. */
  minOrderUsd: string;
}

const NEW_WATCHER: WatcherFormValues = { apiUrl: '', fallbackUrl: '', confirmations: 19, tolerancePercent: '0.5', autoApproveUsd: '10000', minOrderUsd: '' };

const orNull = (v: string) => (v.trim() === '' ? null : v);

const watcherFormSchema = z
  .custom<WatcherFormValues>()
  .transform(({ fallbackUrl, minOrderUsd, ...rest }): z.input<typeof tronWatcherBodySchema> => ({ ...rest, fallbackUrl: orNull(fallbackUrl), minOrderUsd: orNull(minOrderUsd) }))
  .pipe(tronWatcherBodySchema);

// The URLs are never sent back (they may hold an API key), so a change starts with the fields empty.
const toForm = (w: Watcher | null): WatcherFormValues => (w ? { ...NEW_WATCHER, confirmations: w.confirmations, tolerancePercent: w.tolerancePercent, autoApproveUsd: w.autoApproveUsd, minOrderUsd: w.minOrderUsd ?? '' } : NEW_WATCHER);

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

function TronWatcherState({ watcher }: { watcher: Watcher }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Current endpoint: <span className="font-mono break-all">{watcher.apiHost}</span>
        {watcher.fallbackHost ? (
          <>
            , fallback <span className="font-mono break-all">{watcher.fallbackHost}</span>
          </>
        ) : null}
      </p>
      <p className="text-sm">
        Newest block {watcher.headBlock ?? 'not read yet'}, read up to {watcher.nextBlock === null ? 'nothing yet' : `block ${BigInt(watcher.nextBlock) - 1n}`}, last scanned{' '}
        {watcher.scannedAt ? formatDateTime(watcher.scannedAt) : 'not yet'}
      </p>
      {watcher.lastError ? (
        <p className="text-destructive text-sm break-words">
          Last error{watcher.lastErrorAt ? ` (${formatDateTime(watcher.lastErrorAt)})` : ''}: {watcher.lastError}
        </p>
      ) : watcher.noBlockSince ? (
        <NoBlockWarning since={watcher.noBlockSince} />
      ) : null}
      <SweepFee fee={watcher.sweepFee} />
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <DetailRow layout="stacked" label="Confirmations">{watcher.confirmations}</DetailRow>
        <DetailRow layout="stacked" label="Tolerance">{formatAmount(watcher.tolerancePercent, 2)} %</DetailRow>
        <DetailRow layout="stacked" label="Auto-approve up to">{formatUsd(watcher.autoApproveUsd)}</DetailRow>
        <DetailRow layout="stacked" label="Smallest order">{watcher.minOrderUsd === null ? 'no minimum' : formatUsd(watcher.minOrderUsd)}</DetailRow>
      </dl>
    </div>
  );
}

/** What the operator pays to move USDT out of each deposit address: one TRC-20 transfer per address, in TRX. */
function SweepFee({ fee }: { fee: Watcher['sweepFee'] }) {
  if (!fee) return <p className="text-muted-foreground text-sm">The cost of moving USDT out of the buyers&apos; addresses shows once the watcher has read the chain&apos;s prices.</p>;
  return (
    <p className="text-sm">
      Moving USDT out of each buyer&apos;s address costs about <span className="font-medium">{formatAmount(fee.trx, 6)} TRX</span>: a transfer burns about 65,000 energy at {fee.energySun}{' '}
      sun and 345 bytes at {fee.bandwidthSun} sun (prices of {formatDateTime(fee.at)}). That TRX must be in the address first, unless you stake or rent energy for it; small
      orders cost proportionally more.
    </p>
  );
}

export function TronWatcher({ watcher }: { watcher: Watcher | null }) {
  const save = useSetTronWatcher();
  const remove = useRemoveTronWatcher();
  const [confirming, setConfirming] = useState(false);
  // Not `values`: the settings are polled, and a poll must not wipe what the operator is typing.
  const { register, onSubmit, reset, formState } = useServerForm({
    schema: watcherFormSchema,
    defaultValues: toForm(watcher),
    fields: FIELDS,
    submit: (body) => save.mutateAsync(body),
    successToast: 'TRON watcher saved',
    errorToast: { fallback: 'Failed to save the TRON watcher.', unlessShownAtFields: true },
    onSuccess: (saved, { form }) => form.reset(toForm(saved.tron.watcher)),
  });
  const { errors } = formState;

  const removeWatcher = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        reset(NEW_WATCHER);
        toast.success('TRON watcher removed');
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to remove the TRON watcher.')),
      onSettled: () => setConfirming(false),
    });

  return (
    <Card role="region" aria-labelledby="tron-watcher-title">
      <CardHeader>
        <CardTitle id="tron-watcher-title">Watcher (TRON)</CardTitle>
        <CardDescription>
          Presale reads each new TRON block for TRX and USDT (TRC-20) sent to the buyers&apos; addresses. A USDT transfer counts only if its call succeeded and moved tokens of the
          offered contract: a failed call, or a look-alike token from another contract, credits nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {watcher ? <TronWatcherState watcher={watcher} /> : <p className="text-muted-foreground text-sm">No watcher yet: TRON payments to the buyers&apos; addresses are not seen.</p>}
        <Can need="own">
          <form onSubmit={onSubmit} noValidate aria-label="TRON watcher" className="grid items-start gap-4 sm:grid-cols-2">
            <h4 className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
              <StepNumber n={2} done={watcher !== null} />
              Endpoint
            </h4>
            <FormField
              label="TronGrid-compatible API URL"
              error={errors.apiUrl?.message}
              className="sm:col-span-2"
              hint={
                watcher
                  ? 'Enter the URL again to save a change: only the host is kept on view, because the URL may hold an API key.'
                  : 'TronGrid (https://api.trongrid.io/?apikey=YOUR-KEY: the key is sent in TronGrid’s header) or your own java-tron full node. It must serve TRON’s main network. Only the host is shown after saving.'
              }
            >
              <Input type="url" spellCheck={false} autoComplete="off" placeholder="https://api.trongrid.io" {...register('apiUrl')} />
            </FormField>
            <FormField
              label="Fallback API URL (optional)"
              error={errors.fallbackUrl?.message}
              className="sm:col-span-2"
              hint="Another provider, or your own node: read when the first fails, and asked to confirm each block that pays a buyer's address. Empty: none."
            >
              <Input type="url" spellCheck={false} autoComplete="off" placeholder="https://…" {...register('fallbackUrl')} />
            </FormField>
            <h4 className="flex items-center gap-2 border-t pt-4 text-sm font-medium sm:col-span-2">
              <StepNumber n={3} done={watcher !== null} />
              Rules
            </h4>
            <FormField label="Confirmations" error={errors.confirmations?.message} hint="Blocks, counting the payment's own. 19 is TRON's solidified depth: a block that deep is final.">
              <Input inputMode="numeric" {...register('confirmations', { setValueAs: toNumber })} />
            </FormField>
            <SettlementRuleFields
              tolerance={register('tolerancePercent')}
              autoApprove={register('autoApproveUsd')}
              errors={{ tolerance: errors.tolerancePercent?.message, autoApprove: errors.autoApproveUsd?.message }}
            />
            <FormField
              label="Smallest order (USD)"
              error={errors.minOrderUsd?.message}
              hint="Optional: TRON orders below this are refused, so that moving a payment out of its address (the cost above) stays a small share of it. Empty: no minimum."
            >
              <Input inputMode="decimal" placeholder="e.g. 50" {...register('minOrderUsd')} />
            </FormField>
            <WatcherFormActions saving={save.isPending} saved={watcher !== null} onRemove={() => setConfirming(true)} />
          </form>
        </Can>
      </CardContent>
      <PaymentRemoveDialog
        open={confirming}
        title="Remove the TRON watcher"
        description="Presale stops reading TRON: payments to the buyers' TRON addresses are no longer seen, and you approve each one by hand."
        pending={remove.isPending}
        onConfirm={removeWatcher}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
