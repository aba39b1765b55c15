import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { createCryptoBodySchema, updateCryptoBodySchema, type CreateCryptoBody } from '@/contracts/admin';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Spinner } from '@/web/components/ui/spinner';
import { applyFieldErrors } from '@/web/lib/apply-field-errors';

export type CryptoFormValues = CreateCryptoBody;

const FIELDS = ['currency', 'fullName', 'network', 'chainId', 'tokenContract', 'decimals', 'priceFeedId', 'rateSource', 'rate', 'address'] as const;

export const EMPTY_CRYPTO: CryptoFormValues = {
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

// Editing validates the same fields without the code, which cannot change (the update schema is strict).
const updateResolver = zodResolver(updateCryptoBodySchema) as unknown as Resolver<Omit<CryptoFormValues, 'currency'>>;
const editResolver: Resolver<CryptoFormValues> = async ({ currency, ...rest }, context, options) => {
  const result = await updateResolver(rest, context, options as never);
  return 'values' in result && Object.keys(result.errors).length === 0 ? { values: { ...result.values, currency } as CryptoFormValues, errors: {} } : (result as never);
};
const createResolver = zodResolver(createCryptoBodySchema) as unknown as Resolver<CryptoFormValues>;

/** Only EVM networks have a chain id: the hidden input's value must not reach the schema for the others. */
const withoutHiddenChainId =
  (resolver: Resolver<CryptoFormValues>): Resolver<CryptoFormValues> =>
  (values, context, options) =>
    resolver(values.network === 'evm' ? values : { ...values, chainId: null }, context, options);

const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * Add and edit share this form and the server's schema. When editing, the currency code is
 * read-only: it is the crypto's identity, referenced by orders.
 */
export function CryptoForm({
  mode,
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  initial: CryptoFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: CryptoFormValues, fail: (error: unknown) => void) => void;
}) {
  const resolver = withoutHiddenChainId(mode === 'create' ? createResolver : editResolver);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<CryptoFormValues>({ resolver, defaultValues: initial });
  const network = useWatch({ control, name: 'network' });
  const submit = handleSubmit((values) => onSubmit(values, (error) => applyFieldErrors(error, FIELDS, setError)));

  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Currency" error={errors.currency?.message} hint="Code such as BTC; stored upper-case.">
        <Input readOnly={mode === 'edit'} aria-readonly={mode === 'edit'} autoCapitalize="characters" {...register('currency')} />
      </FormField>
      <FormField label="Full name" error={errors.fullName?.message}>
        <Input {...register('fullName')} />
      </FormField>
      <FormField label="Network" error={errors.network?.message}>
        <NativeSelect {...register('network')}>
          <option value="bitcoin">Bitcoin</option>
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
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The form's values for an existing crypto. */
export function cryptoToForm(c: { code: string; name: string; network: CryptoFormValues['network']; chainId: number | null; tokenContract: string | null; decimals: number | null; priceFeedId: string; rateSource: 'feed' | 'manual'; rate: string | null; address: string; enabled: boolean }): CryptoFormValues {
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
