// The transaction-hash form's markup, shared by the order page's first rendering of it (AttachTxHash)
// and the checked form that takes over (tx-hash-form.tsx), so that the swap changes nothing on screen.
import type { ComponentProps, SyntheticEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';

export function TxHashFields({ input, error, pending, onSubmit, onReach }: { input: ComponentProps<'input'>; error?: string; pending: boolean; onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void; onReach?: () => void }) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" onPointerDown={onReach} onFocus={onReach}>
      <FormField label="Transaction hash" error={error} hint="Paste it from your wallet after sending, so the payment is found faster.">
        <Input autoComplete="off" spellCheck={false} className="font-mono" {...input} />
      </FormField>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          Save hash
        </Button>
      </div>
    </form>
  );
}
