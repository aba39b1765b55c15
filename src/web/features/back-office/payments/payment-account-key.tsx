// The operator's watch-only account key for EVM chains or for TRON (both derive one kind of address
// from m/44'/coin'/0'): the form that saves it, the saved key with the first addresses to compare
// with the wallet, and its removal.
import { Can } from '@/web/features/back-office/shell/can';
import { useState } from 'react';
import { evmKeyBodySchema, type PaymentSettings } from '@/contracts/payments';
import { parseEvmAccountKey, type AccountKeyResult } from '@/domain/account-key';
import { parseTronAccountKey } from '@/domain/tron/account-key';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CopyButton } from '@/web/components/ui/copy-button';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useRemovePlainKey, useSetPlainKey } from '@/web/api/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';
import { toast } from '@/web/lib/toast';
import { PaymentRemoveDialog } from './payment-remove-dialog';
import { StepNumber } from './payment-steps';
import { SavedAccountKey } from './saved-account-key';

interface KeyFamily {
  name: string;
  path: string;
  parse: (xpub: string) => AccountKeyResult;
  whereToFind: string;
}

const FAMILIES: Record<'evm' | 'tron', KeyFamily> = {
  evm: {
    name: 'EVM',
    path: 'm/44’/60’/0’',
    parse: parseEvmAccountKey,
    whereToFind:
      'Where to find it: in Ledger Live, the Ethereum account → Edit account → Advanced → the extended public key; in Trezor Suite, the Ethereum account → Details → Show public key (XPUB); or, on a computer that is not online, an offline BIP-39 tool with derivation BIP44, coin ETH: its “Account Extended Public Key”. Browser wallets such as MetaMask do not show it.',
  },
  tron: {
    name: 'TRON',
    path: 'm/44’/195’/0’',
    parse: parseTronAccountKey,
    whereToFind:
      'Where to find it: on a computer that is not online, an offline BIP-39 tool (such as Ian Coleman’s) with derivation BIP44, coin TRX: its “Account Extended Public Key”; or a hardware wallet tool that exports the TRON account’s xpub. TronLink and exchange wallets do not show it.',
  },
};

// Read in the browser first, with the server's own rules: a pasted recovery phrase or private key
// is refused before it is ever sent.
const keyFormSchema = (family: KeyFamily) =>
  evmKeyBodySchema.superRefine(({ xpub }, ctx) => {
    const parsed = family.parse(xpub);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['xpub'], message: parsed.message });
  });

export function PaymentAccountKey({ accountKey, family = 'evm' }: { accountKey: PaymentSettings['evmKey']; family?: 'evm' | 'tron' }) {
  const texts = FAMILIES[family];
  const save = useSetPlainKey(family);
  const remove = useRemovePlainKey(family);
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    onSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useServerForm({
    schema: keyFormSchema(texts),
    defaultValues: { xpub: '' },
    fields: ['xpub'],
    submit: ({ xpub }) => save.mutateAsync(xpub),
    successToast: 'Account key saved',
    errorToast: { fallback: 'Failed to save the account key.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset({ xpub: '' }),
  });

  const removeKey = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        clearErrors('xpub');
        toast.success('Account key removed');
      },
      // A refusal (orders still await payment to its addresses) belongs beside the key, like a save's.
      onError: (error) => {
        if (!applyFieldErrors(error, ['xpub'], setError)) toast.error(errorMessage(error, 'Failed to remove the account key.'));
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <Card role="region" aria-labelledby={`${family}-account-key-title`}>
      <CardHeader>
        <CardTitle id={`${family}-account-key-title`} className="flex items-center gap-2">
          <StepNumber n={1} done={accountKey !== null} />
          Account key ({texts.name})
        </CardTitle>
        <CardDescription>
          Presale derives one deposit address per buyer from your account&apos;s extended public key ({texts.path}), so every payment names its buyer. It never needs a private key
          or a recovery phrase: an extended public key can watch the addresses but cannot spend from them.
        </CardDescription>
        <p className="text-muted-foreground text-sm">{texts.whereToFind}</p>
      </CardHeader>
      <CardContent className="grid gap-6">
        {accountKey ? (
          <div className="grid gap-4">
            <SavedAccountKey fingerprint={accountKey.fingerprint} xpub={accountKey.xpub} />
            <p className="text-sm">Deposit addresses handed out: {accountKey.handedOut}</p>
            <div className="grid gap-2">
              <p className="text-sm">First addresses — compare them with your wallet:</p>
              <ol className="grid gap-2" aria-label="First addresses">
                {accountKey.firstAddresses.map((address, i) => (
                  <li key={address} className="flex items-center gap-2">
                    <span className="text-muted-foreground w-4 shrink-0 text-sm">{i + 1}.</span>
                    <span className="min-w-0 font-mono text-xs break-all">{address}</span>
                    <CopyButton value={address} label={`Copy address ${i + 1}`} />
                  </li>
                ))}
              </ol>
            </div>
            <Can need="own">
              <Button type="button" variant="destructive" className="justify-self-start" onClick={() => setConfirming(true)}>
                Remove
              </Button>
            </Can>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">No account key yet: buyers pay to the single wallet address of each currency, and you approve each payment.</p>
        )}
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            label="Extended public key (xpub)"
            error={errors.xpub?.message}
            hint={accountKey ? 'Saving another key replaces this one; it is refused while orders await payment to this key’s addresses.' : 'It begins with xpub.'}
          >
            <Textarea rows={3} spellCheck={false} autoComplete="off" autoCapitalize="off" className="font-mono text-xs" placeholder="xpub…" {...register('xpub')} />
          </FormField>
          <Can need="own">
            <Button type="submit" disabled={save.isPending} className="justify-self-start">
              {save.isPending ? <Spinner /> : null}
              Save
            </Button>
          </Can>
        </form>
      </CardContent>
      <PaymentRemoveDialog
        open={confirming}
        title="Remove the account key"
        description="New orders then pay to each currency's single wallet address, reviewed by hand. Removing is refused while orders await payment to this key's addresses."
        pending={remove.isPending}
        onConfirm={removeKey}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
