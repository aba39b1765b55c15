// Lets the buyer attach their payment's transaction hash, so the operator finds the payment faster.
// Loaded after the order page has painted (order-details.tsx): its form code and the order contract's
// schemas (Zod, react-hook-form, the currencies' address checks) are a quarter of the page's script.
import { txHashBodySchema, type Order } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useServerForm } from '@/web/hooks/use-server-form';
import { useAttachTxHash } from '@/web/api/orders';

export default function TxHashForm({ order }: { order: Order }) {
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
