import { Can } from '@/web/features/back-office/shell/can';
import { evmWalletBodySchema } from '@/contracts/cryptos';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useServerForm } from '@/web/hooks/use-server-form';
import { useSetEvmWallet } from '@/web/api/cryptos';

/** One address for every crypto on an EVM network, checked once and applied in one transaction. */
export function EvmWalletForm() {
  const setWallet = useSetEvmWallet();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: evmWalletBodySchema,
    defaultValues: { address: '' },
    fields: ['address'],
    submit: ({ address }) => setWallet.mutateAsync(address),
    successToast: (result) => result.message,
    errorToast: { fallback: 'Failed to update the wallet.' },
    onSuccess: (_, { form }) => form.reset({ address: '' }),
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField label="ERC-20 wallet address" error={errors.address?.message} className="flex-1">
        <Input spellCheck={false} autoComplete="off" placeholder="0x…" {...register('address')} />
      </FormField>
      <Can need="own">
        <Button type="submit" disabled={setWallet.isPending} className="sm:mt-[1.375rem]">
          {setWallet.isPending ? <Spinner /> : null}
          Update ERC-20 Wallet
        </Button>
      </Can>
    </form>
  );
}
