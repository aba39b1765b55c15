// The transaction-hash form checked by the order contract's schema, in a chunk of its own: the order
// page shows its fields first and loads this once the buyer reaches for them (attach-tx-hash.tsx).
import { useEffect } from 'react';
import { txHashBodySchema, type Order } from '@/contracts/orders';
import { useServerForm } from '@/web/hooks/use-server-form';
import { useAttachTxHash } from '@/web/api/orders';
import { TxHashFields } from './tx-hash-fields';

/** What the buyer did with the fields before this form arrived. */
export interface TxHashDraft {
  value: string;
  focused: boolean;
  submitted: boolean;
}

export default function TxHashForm({ order, draft }: { order: Order; draft: TxHashDraft }) {
  const attach = useAttachTxHash(order.id);
  const {
    register,
    onSubmit,
    setFocus,
    formState: { errors },
  } = useServerForm({
    schema: txHashBodySchema,
    defaultValues: { txHash: draft.value },
    fields: ['txHash'],
    submit: ({ txHash }) => attach.mutateAsync(txHash),
    successToast: 'Transaction hash saved',
    errorToast: { title: 'The hash was not saved', fallback: 'Please try again.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset({ txHash: '' }),
  });

  // Once, as it replaces the first fields: the buyer's focus and submit carry over.
  const { focused, submitted } = draft;
  useEffect(() => {
    if (focused) setFocus('txHash');
    if (submitted) void onSubmit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft as it was when this form arrived
  }, []);

  return <TxHashFields input={register('txHash')} error={errors.txHash?.message} pending={attach.isPending} onSubmit={(e) => void onSubmit(e)} />;
}
