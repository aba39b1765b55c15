// The token being delivered: its EVM chain and contract once deployed, and its decimals, which turn
// balances into base units in the distribution files.
import { z } from 'zod';
import { type DeliveryOverview, tokenDeliveryBodySchema } from '@/contracts/distribution';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useSetTokenDelivery } from '@/web/api/distribution';
import { useServerForm } from '@/web/hooks/use-server-form';

interface Values {
  chainId: string;
  tokenContract: string;
  decimals: string;
}

const formSchema = z
  .custom<Values>()
  .transform((v): z.input<typeof tokenDeliveryBodySchema> => ({
    chainId: v.chainId.trim() === '' ? null : Number(v.chainId),
    tokenContract: v.tokenContract.trim() === '' ? null : v.tokenContract.trim(),
    decimals: v.decimals.trim() === '' ? Number.NaN : Number(v.decimals),
  }))
  .pipe(tokenDeliveryBodySchema);

export function TokenDeliveryForm({ token }: { token: DeliveryOverview['token'] }) {
  const save = useSetTokenDelivery();
  const { register, onSubmit, formState } = useServerForm({
    schema: formSchema,
    defaultValues: { chainId: token.chainId?.toString() ?? '', tokenContract: token.tokenContract ?? '', decimals: String(token.decimals) },
    fields: ['chainId', 'tokenContract', 'decimals'] as const,
    submit: (body) => save.mutateAsync(body),
    successToast: 'Token saved',
    errorToast: { fallback: 'Failed to save the token.', unlessShownAtFields: true },
  });
  const { errors } = formState;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Token" className="grid items-start gap-4 sm:grid-cols-3">
      <FormField label="Chain id" error={errors.chainId?.message} hint="The EVM chain the token lives on: 1 Ethereum, 56 BNB Smart Chain.">
        <Input inputMode="numeric" {...register('chainId')} />
      </FormField>
      <FormField label="Token contract" error={errors.tokenContract?.message} hint="Once deployed; as your explorer shows it (mixed case).">
        <Input spellCheck={false} autoComplete="off" placeholder="0x…" className="font-mono" {...register('tokenContract')} />
      </FormField>
      <FormField label="Decimals" error={errors.decimals?.message} hint="The token's decimals (18 for most).">
        <Input inputMode="numeric" {...register('decimals')} />
      </FormField>
      <div className="sm:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save token
        </Button>
      </div>
    </form>
  );
}
