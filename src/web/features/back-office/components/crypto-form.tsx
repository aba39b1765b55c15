import { Can } from './can';
import type { BaseSyntheticEvent } from 'react';
import { useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { createCryptoBodySchema, updateCryptoBodySchema, type AdminCrypto, type CreateCryptoBody } from '@/contracts/admin';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Spinner } from '@/web/components/ui/spinner';
import { useCreateCrypto, useUpdateCrypto } from '@/web/api/admin/cryptos';
import { useServerForm } from '@/web/hooks/use-server-form';

type CryptoFormValues = CreateCryptoBody;

const FIELDS = ['currency', 'fullName', 'network', 'chainId', 'tokenContract', 'decimals', 'priceFeedId', 'rateSource', 'rate', 'address'] as const;

const EMPTY_CRYPTO: CryptoFormValues = {
  currency: '',
  fullName: '',
  network: 'evm',
  chainId: 1,
  tokenContract: '',
  decimals: null,
  priceFeedId: '',
  rateSource: 'manual',
  rate: '',
  address: '',
  enabled: true,
};

/** Only EVM networks have a chain id: the hidden input's value must not reach the schema for the others. */
const withoutHiddenChainId = <T extends { network: CryptoFormValues['network']; chainId?: number | null }>(values: T): T =>
  values.network === 'evm' ? values : { ...values, chainId: null };

const createSchema = z.custom<CryptoFormValues>().transform(withoutHiddenChainId).pipe(createCryptoBodySchema);
// Editing checks the same fields without the code, which cannot change (the update schema is strict).
const editSchema = z
  .custom<CryptoFormValues>()
  .transform(({ currency: _, ...fields }) => withoutHiddenChainId(fields))
  .pipe(updateCryptoBodySchema);

const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * The fields that add and edit share, with the server's schema. When editing, the currency code is
 * read-only: it is the crypto's identity, referenced by orders.
 */
function CryptoFields({
  mode,
  register,
  errors,
  network,
  submitLabel,
  pending,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  register: UseFormRegister<CryptoFormValues>;
  errors: FieldErrors<CryptoFormValues>;
  network: CryptoFormValues['network'];
  submitLabel: string;
  pending: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Currency" error={errors.currency?.message} hint="Code such as BTC; stored upper-case.">
        <Input readOnly={mode === 'edit'} aria-readonly={mode === 'edit'} autoCapitalize="characters" {...register('currency')} />
      </FormField>
      <FormField label="Full name" error={errors.fullName?.message}>
        <Input {...register('fullName')} />
      </FormField>
      <FormField label="Network" error={errors.network?.message}>
        <NativeSelect {...register('network')}>
          <option value="bitcoin">Bitcoin</option>
          <option value="litecoin">Litecoin</option>
          <option value="dogecoin">Dogecoin</option>
          <option value="evm">EVM (Ethereum and compatible)</option>
          <option value="tron">TRON</option>
          <option value="solana">Solana</option>
          <option value="other">Other</option>
        </NativeSelect>
      </FormField>
      {network === 'evm' ? (
        <FormField label="Chain id" error={errors.chainId?.message} hint="1 for Ethereum, 56 for BNB Smart Chain.">
          <Input inputMode="numeric" {...register('chainId', { setValueAs: optionalNumber })} />
        </FormField>
      ) : null}
      <FormField label="Token contract" error={errors.tokenContract?.message} hint="Only for tokens such as USDT; empty for the network's own coin.">
        <Input {...register('tokenContract', { setValueAs: (v: string | null) => (v === null || v.trim() === '' ? null : v) })} />
      </FormField>
      <FormField label="Decimals" error={errors.decimals?.message}>
        <Input inputMode="numeric" {...register('decimals', { setValueAs: optionalNumber })} />
      </FormField>
      <FormField label="Price feed id" error={errors.priceFeedId?.message} hint="CoinGecko id, e.g. bitcoin.">
        <Input {...register('priceFeedId')} />
      </FormField>
      <FormField label="Rate source" error={errors.rateSource?.message}>
        <NativeSelect {...register('rateSource')}>
          <option value="manual">Manual</option>
          <option value="feed">Price feed</option>
        </NativeSelect>
      </FormField>
      <FormField label="Rate" error={errors.rate?.message} hint="Tokens per 1 unit of this currency.">
        <Input inputMode="decimal" {...register('rate')} />
      </FormField>
      <FormField label="Address" error={errors.address?.message} hint="The wallet buyers pay to; without one the currency is not offered." className="sm:col-span-2">
        <Input spellCheck={false} autoComplete="off" {...register('address')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" className="accent-primary size-4" {...register('enabled')} />
        Enabled (offered to buyers when it has an address and a rate)
      </label>
      <div className="sm:col-span-2">
        <Can need="manage">
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : null}
            {submitLabel}
          </Button>
        </Can>
      </div>
    </form>
  );
}

/** Adds a currency; the form starts empty again after each success. */
export function AddCryptoForm() {
  const create = useCreateCrypto();
  const { register, control, onSubmit, formState } = useServerForm({
    schema: createSchema,
    defaultValues: EMPTY_CRYPTO,
    fields: FIELDS,
    submit: (body) => create.mutateAsync(body),
    successToast: (saved) => `${saved.code} added`,
    errorToast: { fallback: 'Failed to add the currency.' },
    onSuccess: (_, { form }) => form.reset(EMPTY_CRYPTO),
  });
  const network = useWatch({ control, name: 'network' });
  return <CryptoFields mode="create" register={register} errors={formState.errors} network={network} submitLabel="Add crypto" pending={create.isPending} onSubmit={onSubmit} />;
}

export function EditCryptoForm({ crypto, onSaved }: { crypto: AdminCrypto; onSaved: () => void }) {
  const update = useUpdateCrypto();
  const { register, control, onSubmit, formState } = useServerForm({
    schema: editSchema,
    defaultValues: cryptoToForm(crypto),
    fields: FIELDS,
    submit: (body) => update.mutateAsync({ code: crypto.code, body }),
    successToast: `${crypto.code} updated`,
    errorToast: { fallback: 'Failed to update the currency.' },
    onSuccess: onSaved,
  });
  const network = useWatch({ control, name: 'network' });
  return <CryptoFields mode="edit" register={register} errors={formState.errors} network={network} submitLabel="Save changes" pending={update.isPending} onSubmit={onSubmit} />;
}

/** The form's values for an existing crypto. */
function cryptoToForm(c: AdminCrypto): CryptoFormValues {
  return {
    currency: c.code,
    fullName: c.name,
    network: c.network,
    chainId: c.chainId,
    tokenContract: c.tokenContract,
    decimals: c.decimals,
    priceFeedId: c.priceFeedId,
    rateSource: c.rateSource,
    rate: c.rate ?? '',
    address: c.address,
    enabled: c.enabled,
  };
}
