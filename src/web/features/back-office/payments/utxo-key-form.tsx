// The operator's watch-only account key of a Bitcoin-family chain (issue 13): the form that saves it
// with its address type, the saved key with the first addresses to compare with the wallet and the
// gap a wallet must be able to see across, and its removal.
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { utxoKeyBodySchema, type UtxoChainSettings } from '@/contracts/payments';
import { parseUtxoAccountKey } from '@/domain/utxo/account-key';
import type { ScriptType, UtxoChain } from '@/domain/utxo/chains';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { CopyButton } from '@/web/components/ui/copy-button';
import { FormField } from '@/web/components/ui/form-field';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useRemoveUtxoKey, useSetUtxoKey } from '@/web/api/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { errorMessage } from '@/web/lib/api-client';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';
import { toast } from '@/web/lib/toast';
import { Can } from '@/web/features/back-office/shell/can';
import { PaymentRemoveDialog } from './payment-remove-dialog';
import { StepNumber } from './payment-steps';
import { SavedAccountKey } from './saved-account-key';

export type UtxoKey = NonNullable<UtxoChainSettings['key']>;

/** Each address type by what its addresses begin with on each chain (Dogecoin has no segwit). */
const ADDRESS_TYPES: Readonly<Record<UtxoChain, Readonly<Partial<Record<ScriptType, string>>>>> = {
  bitcoin: { p2wpkh: 'Native segwit (bc1q…)', 'p2sh-p2wpkh': 'Nested segwit (3…)', p2pkh: 'Legacy (1…)' },
  litecoin: { p2wpkh: 'Native segwit (ltc1q…)', 'p2sh-p2wpkh': 'Nested segwit (M…)', p2pkh: 'Legacy (L…)' },
  dogecoin: { p2pkh: 'Legacy (D…)' },
};

/** The address types in the order offered: the newest, cheapest to spend, first. */
const TYPE_ORDER: readonly ScriptType[] = ['p2wpkh', 'p2sh-p2wpkh', 'p2pkh'];

/** Where each chain's wallets show the account key. */
const WHERE_TO_FIND: Readonly<Record<UtxoChain, string>> = {
  bitcoin: 'Where to find it: in Sparrow, Settings → Keystores → xpub; in Electrum, Wallet → Information → Master Public Key; in a hardware wallet’s suite, the account’s details or “export public key”.',
  litecoin: 'Where to find it: in Electrum-LTC, Wallet → Information → Master Public Key; in a hardware wallet’s suite, the Litecoin account’s details or “export public key”.',
  dogecoin: 'Where to find it: in a hardware wallet’s suite, the Dogecoin account’s details or “export public key”; or from an offline BIP-44 tool, the account key of m/44’/3’/0’.',
};

/** Which keys name their own address type, on the chains where the operator may choose one. */
const ADDRESS_TYPE_HINTS: Readonly<Partial<Record<UtxoChain, string>>> = {
  bitcoin: "A zpub or ypub names its own address type; an xpub means legacy unless you choose what your wallet's addresses begin with.",
  litecoin: "A zpub, Mtub or ypub names its own address type; an Ltub or xpub means legacy unless you choose what your wallet's addresses begin with.",
};

/** How to raise the gap limit in the chain's usual wallets. */
const GAP_LIMIT_HOW: Readonly<Record<UtxoChain, string>> = {
  bitcoin: 'Sparrow: Settings → Advanced → Gap limit; Electrum: wallet.change_gap_limit in the console',
  litecoin: 'Electrum-LTC: wallet.change_gap_limit in the console',
  dogecoin: 'in its settings or console',
};

// Native segwit first, then nested segwit, then legacy; within each, the chain's own prefix first.
const PREFIX_RANK: Readonly<Record<string, number>> = { zpub: 0, Mtub: 1, ypub: 2, Ltub: 3, dgub: 3, xpub: 4 };

/** ["xpub", "ypub", "zpub"] as ["zpub", "ypub", "xpub"]. */
function orderedPrefixes(prefixes: readonly string[]): string[] {
  const rank = (prefix: string) => PREFIX_RANK[prefix] ?? Object.keys(PREFIX_RANK).length;
  return [...prefixes].sort((a, b) => rank(a) - rank(b));
}

/** "zpub, ypub or xpub". */
function prefixList(prefixes: readonly string[]): string {
  const last = prefixes.at(-1) ?? '';
  return prefixes.length <= 1 ? last : `${prefixes.slice(0, -1).join(', ')} or ${last}`;
}

/** Wallets stop looking for payments after this many unused addresses in a row (their default gap limit). */
const WALLET_GAP_LIMIT = 20;

interface KeyFormValues {
  xpub: string;
  /** Empty: what the key's own version says. */
  scriptType: '' | ScriptType;
}

const FIELDS = ['xpub', 'scriptType'] as const;
/** Where no address type is offered (Dogecoin), the server's messages all go to the key. */
const KEY_ONLY = ['xpub'] as const;
const EMPTY: KeyFormValues = { xpub: '', scriptType: '' };

// Read in the browser first, with the server's own rules: a pasted recovery phrase or private key
// is refused before it is ever sent. A key that reads well without the chosen address type but not
// with it (a zpub said to be legacy) is refused at the address type.
const keyFormSchemaOf = (chain: UtxoChain) =>
  z
    .custom<KeyFormValues>()
    .transform(({ xpub, scriptType }): z.input<typeof utxoKeyBodySchema> => (scriptType === '' ? { xpub } : { xpub, scriptType }))
    .pipe(
      utxoKeyBodySchema.superRefine(({ xpub, scriptType }, ctx) => {
        const parsed = parseUtxoAccountKey(chain, xpub, { scriptType });
        if (parsed.ok) return;
        const typeIsWrong = scriptType !== undefined && parseUtxoAccountKey(chain, xpub).ok;
        ctx.addIssue({ code: 'custom', path: [typeIsWrong ? 'scriptType' : 'xpub'], message: parsed.message });
      }),
    );

function SavedKey({ settings, utxoKey, onRemove }: { settings: UtxoChainSettings; utxoKey: UtxoKey; onRemove: () => void }) {
  return (
    <div className="grid gap-4">
      <SavedAccountKey fingerprint={utxoKey.fingerprint} xpub={utxoKey.xpub} />
      <p className="text-sm">Address type: {ADDRESS_TYPES[settings.chain][utxoKey.scriptType]}</p>
      <div className="grid gap-2">
        <p className="text-sm">First addresses — compare them with your wallet&apos;s receiving addresses:</p>
        <ol className="grid gap-2" aria-label={`First ${settings.name} addresses`}>
          {utxoKey.firstAddresses.map((address, i) => (
            <li key={address} className="flex items-center gap-2">
              <span className="text-muted-foreground w-4 shrink-0 text-sm">{i + 1}.</span>
              <span className="min-w-0 font-mono text-xs break-all">{address}</span>
              <CopyButton value={address} label={`Copy ${settings.name} address ${i + 1}`} />
            </li>
          ))}
        </ol>
      </div>
      <p className="text-sm">Addresses handed out: {utxoKey.handedOut}</p>
      <p className="text-sm">Unused addresses in a row: {utxoKey.gap}</p>
      {utxoKey.gap > WALLET_GAP_LIMIT ? (
        <Alert variant="warning" role="alert">
          <TriangleAlert aria-hidden />
          <AlertDescription className="text-foreground">
            More than 20 addresses in a row have received nothing. Wallets stop looking after 20 unused addresses: raise your wallet&apos;s gap limit ({GAP_LIMIT_HOW[settings.chain]}) or
            payments to later addresses will not show in it.
          </AlertDescription>
        </Alert>
      ) : null}
      <Can need="own">
        <Button type="button" variant="destructive" className="justify-self-start" onClick={onRemove}>
          Remove key
        </Button>
      </Can>
    </div>
  );
}

export function UtxoKeyForm({ settings }: { settings: UtxoChainSettings }) {
  const { chain, name, key: utxoKey } = settings;
  const save = useSetUtxoKey(chain);
  const remove = useRemoveUtxoKey(chain);
  const ordered = orderedPrefixes(settings.keyPrefixes);
  const prefixes = prefixList(ordered);
  const choosesType = settings.scriptTypes.length > 1;
  const fields = choosesType ? FIELDS : KEY_ONLY;
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    onSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useServerForm({
    schema: keyFormSchemaOf(chain),
    defaultValues: EMPTY,
    fields,
    submit: (body) => save.mutateAsync(body),
    successToast: `${name} account key saved`,
    errorToast: { fallback: `Failed to save the ${name} account key.`, unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset(EMPTY),
  });

  const removeKey = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        clearErrors();
        toast.success(`${name} account key removed`);
      },
      // A refusal (orders still await payment to its addresses) belongs beside the key, like a save's.
      onError: (error) => {
        if (!applyFieldErrors(error, fields, setError)) toast.error(errorMessage(error, `Failed to remove the ${name} account key.`));
      },
      onSettled: () => setConfirming(false),
    });

  return (
    <section aria-labelledby={`${chain}-key-title`} className="grid gap-4">
      <h3 id={`${chain}-key-title`} className="flex items-center gap-2 font-semibold">
        <StepNumber n={1} done={utxoKey !== null} />
        Account key
      </h3>
      <div className="text-muted-foreground grid gap-2 text-sm">
        <p>
          Presale derives one receiving address per buyer from your {name} account&apos;s extended public key, so every payment names its buyer. The key is watch-only: it can
          see the addresses but cannot spend from them. Never enter a private key or a recovery phrase.
        </p>
        <p>{WHERE_TO_FIND[chain]}</p>
      </div>
      {utxoKey ? (
        <SavedKey settings={settings} utxoKey={utxoKey} onRemove={() => setConfirming(true)} />
      ) : (
        <p className="text-muted-foreground text-sm">
          No {name} account key yet: buyers pay to the single {name} wallet address, and you approve each payment.
        </p>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={`${name} account key`} className="grid gap-4">
        <FormField
          label={`Account key (${prefixes})`}
          error={errors.xpub?.message}
          hint={utxoKey ? 'Saving another key replaces this one; it is refused while orders await payment to this key’s addresses.' : `It begins with ${prefixes}.`}
        >
          <Textarea rows={3} spellCheck={false} autoComplete="off" autoCapitalize="off" className="font-mono text-xs" placeholder={`${ordered[0] ?? 'xpub'}…`} {...register('xpub')} />
        </FormField>
        {choosesType ? (
          <FormField label="Address type" error={errors.scriptType?.message} hint={ADDRESS_TYPE_HINTS[chain]}>
            <NativeSelect className="sm:max-w-xs" {...register('scriptType')}>
              <option value="">As the key says</option>
              {TYPE_ORDER.filter((type) => settings.scriptTypes.includes(type)).map((type) => (
                <option key={type} value={type}>
                  {ADDRESS_TYPES[chain][type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
        <Can need="own">
          <Button type="submit" disabled={save.isPending} className="justify-self-start">
            {save.isPending ? <Spinner /> : null}
            Save key
          </Button>
        </Can>
      </form>
      <PaymentRemoveDialog
        open={confirming}
        title={`Remove the ${name} account key`}
        description={`New ${name} orders then pay to the single ${name} wallet address, reviewed by hand. Removing is refused while orders await payment to this key's addresses.`}
        pending={remove.isPending}
        onConfirm={removeKey}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
