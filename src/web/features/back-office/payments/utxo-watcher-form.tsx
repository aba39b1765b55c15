// How the watcher of a Bitcoin-family chain reads it (an Esplora API) and judges its payments
// (issue 13): the watcher's state, the form that sets or changes its rules, and its removal. The
// server asks a new endpoint for its tip before saving, so its refusal lands on the endpoint field.
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { DEFAULT_REQUESTS_PER_MINUTE, utxoWatcherBodySchema, type UtxoChainSettings } from '@/contracts/payments';
import type { UtxoChain } from '@/domain/utxo/chains';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useRemoveUtxoWatcher, useSetUtxoWatcher } from '@/web/api/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { Can } from '@/web/features/back-office/shell/can';
import { DetailRow } from '@/web/components/ui/detail-row';
import { NoBlockWarning } from './no-block-warning';
import { PaymentRemoveDialog } from './payment-remove-dialog';
import { StepNumber } from './payment-steps';
import { SettlementRuleFields, WatcherFormActions } from './watcher-form-parts';

export type UtxoWatcher = NonNullable<UtxoChainSettings['watcher']>;

/** An Esplora API each chain is commonly read on. */
const ESPLORA_EXAMPLES: Readonly<Record<UtxoChain, string>> = {
  bitcoin: 'https://mempool.space/api',
  litecoin: 'https://litecoinspace.org/api',
  dogecoin: 'https://esplora.example.com/api',
};

const ESPLORA_HINTS: Readonly<Record<UtxoChain, string>> = {
  bitcoin: 'mempool.space, blockstream.info or your own electrs or mempool.',
  litecoin: 'litecoinspace.org or your own electrs or mempool for Litecoin.',
  dogecoin: 'An Esplora-compatible API for Dogecoin, such as your own electrs next to a Dogecoin node.',
};

interface WatcherFormValues {
  esploraUrl: string;
  confirmations: number;
  /** Empty: every payment waits for `confirmations`. */
  largeAbove: string;
  largeConfirmations: number;
  tolerancePercent: string;
  autoApproveUsd: string;
  requestsPerMinute: number;
}

const FIELDS = ['esploraUrl', 'confirmations', 'largeAbove', 'largeConfirmations', 'tolerancePercent', 'autoApproveUsd', 'requestsPerMinute'] as const;

/** A new watcher's rules, with the confirmations the server advises for the chain. */
function defaultsOf(settings: UtxoChainSettings): WatcherFormValues {
  return { esploraUrl: '', confirmations: settings.defaults.confirmations, largeAbove: '', largeConfirmations: settings.defaults.largeConfirmations, tolerancePercent: '0.5', autoApproveUsd: '10000', requestsPerMinute: DEFAULT_REQUESTS_PER_MINUTE };
}

const watcherFormSchema = z
  .custom<WatcherFormValues>()
  .transform(({ largeAbove, ...rest }): z.input<typeof utxoWatcherBodySchema> => ({ ...rest, largeAbove: largeAbove.trim() === '' ? null : largeAbove }))
  .pipe(utxoWatcherBodySchema);

// The URL is never sent back (it may hold an API key), so a change starts with the field empty.
function toForm(settings: UtxoChainSettings): WatcherFormValues {
  const { watcher } = settings;
  if (!watcher) return defaultsOf(settings);
  return {
    esploraUrl: '',
    confirmations: watcher.confirmations,
    largeAbove: watcher.largeAbove ?? '',
    largeConfirmations: watcher.largeConfirmations,
    tolerancePercent: watcher.tolerancePercent,
    autoApproveUsd: watcher.autoApproveUsd,
    requestsPerMinute: watcher.requestsPerMinute,
  };
}

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

function WatcherState({ watcher, symbol }: { watcher: UtxoWatcher; symbol: string }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Current endpoint: <span className="font-mono break-all">{watcher.esploraHost}</span>
      </p>
      <p className="text-sm">
        Tip height {watcher.tipHeight ?? 'not read yet'}, last scanned {watcher.scannedAt ? formatDateTime(watcher.scannedAt) : 'not yet'}
      </p>
      {watcher.lastError ? (
        <p className="text-destructive text-sm break-words">
          Last error{watcher.lastErrorAt ? ` (${formatDateTime(watcher.lastErrorAt)})` : ''}: {watcher.lastError}
        </p>
      ) : watcher.noBlockSince ? (
        <NoBlockWarning since={watcher.noBlockSince} />
      ) : null}
      <BudgetState watcher={watcher} />
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <DetailRow layout="stacked" label="Confirmations">{watcher.confirmations}</DetailRow>
        <DetailRow layout="stacked" label="Above an amount">
          {watcher.largeAbove === null ? 'no other rule' : `${watcher.largeConfirmations} above ${formatAmount(watcher.largeAbove, 8)} ${symbol}`}
        </DetailRow>
        <DetailRow layout="stacked" label="Tolerance">{formatAmount(watcher.tolerancePercent, 2)} %</DetailRow>
        <DetailRow layout="stacked" label="Auto-approve up to">{formatUsd(watcher.autoApproveUsd)}</DetailRow>
        <DetailRow layout="stacked" label="Request budget">{formatCount(watcher.requestsPerMinute)} a minute</DetailRow>
      </dl>
    </div>
  );
}

/**
 * Whether the request budget delays unconfirmed sightings: awaited addresses it left unpolled for 10
 * minutes or more at the last scan. Confirmed payments are found in blocks whatever the budget.
 */
function BudgetState({ watcher }: { watcher: UtxoWatcher }) {
  const { awaitingAddresses: awaiting, unpolledAddresses: unpolled } = watcher;
  if (awaiting === null || unpolled === null) return null;
  if (unpolled === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        {awaiting === 0 ? 'No address awaits a payment.' : `Addresses awaiting a payment: ${formatCount(awaiting)}, each checked for unconfirmed payments within the last 10 minutes.`}
      </p>
    );
  }
  return (
    <Alert variant="warning" role="status">
      <TriangleAlert aria-hidden />
      <AlertDescription className="text-foreground">
        Unconfirmed payments are delayed by the request budget: {formatCount(unpolled)} of {formatCount(awaiting)} addresses awaiting a payment were not checked in the last 10 minutes. Their
        payments show as seen late; confirmed payments are still found in blocks. Raise the budget if the endpoint allows it.
      </AlertDescription>
    </Alert>
  );
}

const formatCount = (n: number) => n.toLocaleString('en-US');

export function UtxoWatcherForm({ settings }: { settings: UtxoChainSettings }) {
  const { chain, name, symbol, watcher } = settings;
  const save = useSetUtxoWatcher(chain);
  const remove = useRemoveUtxoWatcher(chain);
  const [confirming, setConfirming] = useState(false);
  // Not `values`: the settings are polled, and a poll must not wipe what the operator is typing.
  const { register, onSubmit, setError, reset, formState } = useServerForm({
    schema: watcherFormSchema,
    defaultValues: toForm(settings),
    fields: FIELDS,
    submit: (body) => save.mutateAsync(body),
    successToast: `${name} watcher saved`,
    errorToast: { fallback: `Failed to save the ${name} watcher.`, unlessShownAtFields: true },
    onSuccess: (saved, { form }) => {
      const now = saved.utxoChains.find((c) => c.chain === chain);
      if (now) form.reset(toForm(now));
    },
  });
  const { errors } = formState;

  const removeWatcher = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        reset(defaultsOf(settings));
        toast.success(`${name} watcher removed`);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, FIELDS, setError)) toast.error(errorMessage(error, `Failed to remove the ${name} watcher.`));
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <section aria-labelledby={`${chain}-watcher-title`} className="grid gap-4">
      <h3 id={`${chain}-watcher-title`} className="font-semibold">
        Watcher
      </h3>
      <p className="text-muted-foreground text-sm">
        Presale reads the chain from an Esplora API for payments to the buyers&apos; {name} addresses. A payment is credited once it has the confirmations below. A transaction that
        signals replace-by-fee is never credited unconfirmed, and a transaction that is replaced, dropped or reorganised away credits nothing.
      </p>
      {watcher ? (
        <WatcherState watcher={watcher} symbol={symbol} />
      ) : (
        <p className="text-muted-foreground text-sm">No watcher yet: {name} payments to the buyers&apos; addresses are not seen, and you approve each payment.</p>
      )}
      <Can need="own">
        <form onSubmit={onSubmit} noValidate aria-label={`${name} watcher`} className="grid items-start gap-4 sm:grid-cols-2">
          <h4 className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
            <StepNumber n={2} done={watcher !== null} />
            Endpoint
          </h4>
          <FormField
            label="Esplora API URL"
            error={errors.esploraUrl?.message}
            className="sm:col-span-2"
            hint={
              watcher
                ? 'Enter the URL again to save a change: only the host is kept on view, because the URL may hold an API key.'
                : `${ESPLORA_HINTS[chain]} Only the host is shown after saving: the URL may hold an API key.`
            }
          >
            <Input type="url" spellCheck={false} autoComplete="off" placeholder={ESPLORA_EXAMPLES[chain]} {...register('esploraUrl')} />
          </FormField>
          <h4 className="flex items-center gap-2 border-t pt-4 text-sm font-medium sm:col-span-2">
            <StepNumber n={3} done={watcher !== null} />
            Rules
          </h4>
          <FormField label="Confirmations" error={errors.confirmations?.message} hint="Blocks, counting the payment's own, before a payment counts; 0 credits it unconfirmed unless it signals replace-by-fee.">
            <Input inputMode="numeric" {...register('confirmations', { setValueAs: toNumber })} />
          </FormField>
          <FormField label={`More confirmations above (${symbol})`} error={errors.largeAbove?.message} hint="Optional: orders above this amount wait longer. Empty: no such rule.">
            <Input inputMode="decimal" placeholder="e.g. 1" {...register('largeAbove')} />
          </FormField>
          <FormField label="Confirmations above that amount" error={errors.largeConfirmations?.message} hint="At least as many as for other payments.">
            <Input inputMode="numeric" {...register('largeConfirmations', { setValueAs: toNumber })} />
          </FormField>
          <SettlementRuleFields
            tolerance={register('tolerancePercent')}
            autoApprove={register('autoApproveUsd')}
            errors={{ tolerance: errors.tolerancePercent?.message, autoApprove: errors.autoApproveUsd?.message }}
          />
          <FormField
            label="Request budget (per minute)"
            error={errors.requestsPerMinute?.message}
            hint="At most this many requests to the endpoint in any minute. 60 suits public endpoints; your own electrs or mempool can take more. When the budget is short, unconfirmed payments show later; confirmed ones are never missed."
          >
            <Input inputMode="numeric" {...register('requestsPerMinute', { setValueAs: toNumber })} />
          </FormField>
          <WatcherFormActions saving={save.isPending} saved={watcher !== null} onRemove={() => setConfirming(true)} />
        </form>
      </Can>
      <PaymentRemoveDialog
        open={confirming}
        title={`Remove the ${name} watcher`}
        description={`Presale stops reading the ${name} chain: payments to the buyers' ${name} addresses are no longer seen, and you approve each one by hand.`}
        pending={remove.isPending}
        onConfirm={removeWatcher}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
