// Where the buyer's tokens are to be delivered (issue 19): an EVM address, checked for its checksum
// by the server, and the current password, so a session alone cannot redirect the tokens.
import type { Me } from '@/contracts/auth';
import { receivingWalletBodySchema, type ReceivingWalletBody } from '@/contracts/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useSetReceivingWallet } from '@/web/api/auth/receiving-wallet';
import { useServerForm } from '@/web/hooks/use-server-form';

const FIELDS = ['address', 'currentPassword'] as const;

export function ReceivingWalletForm({ me, symbol }: { me: Me; symbol: string }) {
  const save = useSetReceivingWallet();
  const empty: ReceivingWalletBody = { address: '', currentPassword: '' };
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: receivingWalletBodySchema,
    defaultValues: empty,
    fields: FIELDS,
    submit: (body) => save.mutateAsync(body),
    successToast: 'Receiving wallet saved',
    errorToast: { title: 'Not saved', fallback: 'Please try again.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset(empty),
  });
  const tokens = symbol || 'tokens';
  return (
    <Card className="min-w-0" id="wallet">
      <form onSubmit={onSubmit} noValidate aria-labelledby="wallet-title" className="contents">
        <CardHeader>
          <CardTitle id="wallet-title">Receiving wallet</CardTitle>
          <CardDescription>
            The address your {tokens} are delivered to after the sale: an EVM wallet you hold the keys of (MetaMask, a hardware wallet), not an exchange deposit address.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm">
            {me.receivingWallet ? (
              <>
                Current wallet: <span className="font-mono text-xs break-all">{me.receivingWallet}</span>
              </>
            ) : (
              <span className="text-muted-foreground">No wallet yet.</span>
            )}
          </p>
          <FormField label="Wallet address" error={errors.address?.message} hint="0x followed by 40 hex digits, as your wallet shows it (mixed case).">
            <Input spellCheck={false} autoComplete="off" placeholder="0x…" className="font-mono" {...register('address')} />
          </FormField>
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {me.receivingWallet ? 'Change wallet' : 'Save wallet'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
