// Lets the buyer attach their payment's transaction hash, so the operator finds the payment faster.
import { ExternalLink } from 'lucide-react';
import { txHashBodySchema, type Order } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useServerForm } from '@/web/hooks/use-server-form';
import { useAttachTxHash } from '@/web/api/orders';

export function SavedTxHash({ order }: { order: Order }) {
  if (!order.txHash) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-muted-foreground">Saved transaction hash</p>
      <p className="font-mono text-xs break-all">{order.txHash}</p>
      {order.explorerUrl ? (
        <a href={order.explorerUrl} target="_blank" rel="noreferrer noopener" className="text-primary inline-flex items-center gap-1 underline-offset-4 hover:underline">
          View on explorer
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      ) : null}
    </div>
  );
}

export function TxHashForm({ order }: { order: Order }) {
  const attach = useAttachTxHash(order.id);
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: txHashBodySchema,
    defaultValues: { txHash: '' },
    fields: ['txHash'],
    submit: ({ txHash }) => attach.mutateAsync(txHash),
    successToast: 'Transaction hash saved',
    errorToast: { title: 'The hash was not saved', fallback: 'Please try again.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset({ txHash: '' }),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <FormField label="Transaction hash" error={errors.txHash?.message} hint="Paste it from your wallet after sending, so the payment is found faster.">
        <Input autoComplete="off" spellCheck={false} className="font-mono" {...register('txHash')} />
      </FormField>
      <div>
        <Button type="submit" disabled={attach.isPending}>
          {attach.isPending ? <Spinner /> : null}
          Save hash
        </Button>
      </div>
    </form>
  );
}
