// Adds a chain's endpoint and rules, or changes a saved chain's. The server asks a new endpoint for
// its chain id before saving, so its refusals (no answer, another chain) land on the endpoint field.
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { chainParams, evmChainBodySchema } from '@/contracts/payments';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useSetChain } from '@/web/api/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { describeChain, type PaymentChain } from './payment-chain-list';
import { StepNumber } from './payment-steps';

interface ChainFormValues {
  chainId: number;
  rpcUrl: string;
  confirmations: number;
  /** Waits for the endpoint's finalized block instead of a number of confirmations. */
  finalized: boolean;
  tolerancePercent: string;
  autoApproveUsd: string;
}

const FIELDS = ['chainId', 'rpcUrl', 'confirmations', 'tolerancePercent', 'autoApproveUsd'] as const;

const DEFAULTS = { rpcUrl: '', confirmations: 12, finalized: false, tolerancePercent: '0.5', autoApproveUsd: '10000' } as const;

/** The chain id with the contract's parameter check (it coerces, so an empty field gets its message), and the body. */
const chainCheckSchema = evmChainBodySchema.extend({ chainId: chainParams.shape.chainId });

const chainFormSchema = z
  .custom<ChainFormValues>()
  .transform(({ finalized, confirmations, ...rest }): z.input<typeof chainCheckSchema> => ({ ...rest, confirmations: finalized ? null : confirmations }))
  .pipe(chainCheckSchema);

// The URL is never sent back (it may hold an API key), so an edit starts with the field empty.
function toForm(chain: PaymentChain): ChainFormValues {
  return {
    chainId: chain.chainId,
    rpcUrl: '',
    confirmations: chain.confirmations ?? DEFAULTS.confirmations,
    finalized: chain.confirmations === null,
    tolerancePercent: chain.tolerancePercent,
    autoApproveUsd: chain.autoApproveUsd,
  };
}

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

/** Mounted afresh for each chain edited (`key`): its values start from that chain. */
export function PaymentChainForm({ editing, onDone }: { editing: PaymentChain | null; onDone: () => void }) {
  const save = useSetChain();
  const { register, control, onSubmit, setFocus, formState } = useServerForm({
    schema: chainFormSchema,
    defaultValues: editing ? toForm(editing) : DEFAULTS,
    fields: FIELDS,
    submit: ({ chainId, ...body }) => save.mutateAsync({ chainId, body }),
    successToast: 'Chain saved',
    errorToast: { fallback: 'Failed to save the chain.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => {
      form.reset(DEFAULTS);
      onDone();
    },
  });
  const { errors } = formState;
  const finalized = useWatch({ control, name: 'finalized' });

  useEffect(() => {
    if (editing) setFocus('rpcUrl');
  }, [editing, setFocus]);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add or edit a chain" className="grid items-start gap-4 sm:grid-cols-2">
      <h4 className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
        <StepNumber n={2} />
        Endpoint
      </h4>
      <FormField label="Chain id" error={errors.chainId?.message} hint={editing ? `Editing ${describeChain(editing.chainId)}.` : '1 for Ethereum, 56 for BNB Smart Chain, 8453 for Base.'}>
        <Input inputMode="numeric" readOnly={editing !== null} aria-readonly={editing !== null} {...register('chainId', { setValueAs: toNumber })} />
      </FormField>
      <FormField
        label="Endpoint URL"
        error={errors.rpcUrl?.message}
        hint={editing ? 'Enter the URL again: only the host is kept on view, because the URL may hold an API key.' : 'Only the host is shown after saving: the URL may hold an API key.'}
      >
        <Input type="url" spellCheck={false} autoComplete="off" placeholder="https://…" {...register('rpcUrl')} />
      </FormField>
      <h4 className="flex items-center gap-2 border-t pt-4 text-sm font-medium sm:col-span-2">
        <StepNumber n={3} />
        Rules
      </h4>
      <div className="grid gap-2">
        <FormField label="Confirmations" error={errors.confirmations?.message} hint="Blocks to wait on top of the payment's block before it counts.">
          <Input inputMode="numeric" disabled={finalized} {...register('confirmations', { setValueAs: toNumber })} />
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="accent-primary size-4" {...register('finalized')} />
          Wait for the finalized block
        </label>
      </div>
      <FormField label="Tolerance %" error={errors.tolerancePercent?.message} hint="A payment within this much of the amount due, either way, counts as paid in full.">
        <Input inputMode="decimal" {...register('tolerancePercent')} />
      </FormField>
      <FormField label="Auto-approve limit USD" error={errors.autoApproveUsd?.message} hint="Paid orders worth more than this wait for your approval.">
        <Input inputMode="decimal" {...register('autoApproveUsd')} />
      </FormField>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save chain
        </Button>
        {editing ? (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel edit
          </Button>
        ) : null}
      </div>
    </form>
  );
}
