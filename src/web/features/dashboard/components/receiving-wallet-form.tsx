// Where the buyer's tokens are to be delivered (issue 19): an EVM address, checked for its checksum
// by the server, and the current password, so a session alone cannot redirect the tokens. Once the
// sale is over, changing a wallet already given is a request the sale team decides.
import { Clock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { type Me, type ReceivingWalletBody, receivingWalletBodySchema } from '@/contracts/auth';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Spinner } from '@/web/components/ui/spinner';
import { useSetReceivingWallet, useWithdrawWalletRequest } from '@/web/api/auth';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { formatDateTime } from '@/web/lib/format';

const FIELDS = ['address', 'currentPassword'] as const;

export function ReceivingWalletForm({ me, symbol, saleOver }: { me: Me; symbol: string; saleOver: boolean }) {
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
    successToast: (saved) => (saved.walletRequest?.state === 'pending' && saved.receivingWallet !== saved.walletRequest.address ? 'Change requested: the sale team will review it' : 'Receiving wallet saved'),
    errorToast: { title: 'Not saved', fallback: 'Please try again.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset(empty),
  });
  const tokens = symbol || 'tokens';
  const asks = saleOver && me.receivingWallet !== null;
  return (
    <Card className="min-w-0" id="wallet">
      <form onSubmit={onSubmit} noValidate aria-labelledby="wallet-title" className="contents">
        <CardHeader>
          <CardTitle id="wallet-title">Receiving wallet</CardTitle>
          <CardDescription>
            The address your {tokens} are delivered to after the sale: an EVM wallet you hold the keys of (MetaMask, a hardware wallet), not an exchange deposit address.
            {asks ? ' The sale has ended: a change goes to the sale team for approval, and we tell you by e-mail when it is decided.' : ''}
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
          {me.walletRequest ? <WalletRequestNote request={me.walletRequest} /> : null}
          <FormField label={me.receivingWallet ? 'New wallet address' : 'Wallet address'} error={errors.address?.message} hint="0x followed by 40 hex digits, as your wallet shows it (mixed case).">
            <Input spellCheck={false} autoComplete="off" placeholder="0x…" className="font-mono" {...register('address')} />
          </FormField>
          <FormField label="Current password" error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
        </CardContent>
        <CardFooter>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {asks ? 'Request the change' : me.receivingWallet ? 'Change wallet' : 'Save wallet'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** The buyer's latest request to change their wallet after the sale: waiting (with a way to withdraw it), or how it was decided. */
function WalletRequestNote({ request }: { request: NonNullable<Me['walletRequest']> }) {
  const withdraw = useWithdrawWalletRequest();
  const address = <span className="font-mono text-xs break-all">{request.address}</span>;
  if (request.state === 'withdrawn') return null;
  if (request.state === 'pending') {
    return (
      <Alert role="region" aria-label="Wallet change waiting">
        <Clock aria-hidden />
        <AlertTitle>Change waiting for the sale team</AlertTitle>
        <AlertDescription className="grid gap-2">
          <span>
            You asked on {formatDateTime(request.requestedAt)} for your tokens to go to {address}. Until it is approved they go to your current wallet.
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <Button type="button" size="sm" variant="outline" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
              {withdraw.isPending ? <Spinner /> : null}
              Withdraw the request
            </Button>
            {withdraw.isError ? (
              <span role="alert" className="text-destructive">
                {errorMessage(withdraw.error, 'The request could not be withdrawn.')}
              </span>
            ) : null}
          </span>
        </AlertDescription>
      </Alert>
    );
  }
  const approved = request.state === 'approved';
  return (
    <Alert role="region" aria-label={approved ? 'Wallet change approved' : 'Wallet change not approved'} variant={approved ? 'default' : 'destructive'}>
      {approved ? <ShieldCheck aria-hidden /> : <ShieldAlert aria-hidden />}
      <AlertTitle>{approved ? 'Wallet change approved' : 'Wallet change not approved'}</AlertTitle>
      <AlertDescription className="grid gap-1">
        <span>
          {approved ? 'Your tokens now go to' : 'Your tokens stay with your current wallet. You asked for'} {address}
          {request.decidedAt ? ` (decided ${formatDateTime(request.decidedAt)})` : ''}.
        </span>
        {request.note ? <span>Note from the sale team: {request.note}</span> : null}
      </AlertDescription>
    </Alert>
  );
}
