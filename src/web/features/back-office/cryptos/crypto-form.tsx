import { Can } from '@/web/features/back-office/shell/can';
import type { BaseSyntheticEvent } from 'react';
import { useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { type AdminCrypto, type CreateCryptoBody, createCryptoBodySchema, updateCryptoBodySchema } from '@/contracts/cryptos';
import { DECIMAL_PATTERN } from '@/domain/decimal-pattern';
import { priceFromRate, rateFromPrice, usdPriceText } from '@/domain/usd-price';
import { useAdminSale } from '@/web/api/sale';
import { useCan } from '@/web/api/operators';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Spinner } from '@/web/components/ui/spinner';
import { useCreateCrypto, useUpdateCrypto } from '@/web/api/cryptos';
import { useServerForm } from '@/web/hooks/use-server-form';

type CryptoFormValues = CreateCryptoBody;

const FIELDS = ['currency', 'fullName', 'network', 'chainId', 'tokenContract', 'decimals', 'priceFeedId', 'rateSource', 'usdPrice', 'rate', 'address'] as const;

const EMPTY_CRYPTO: CryptoFormValues = {
  currency: '',
  fullName: '',
  network: 'evm',
  chainId: 1,
  tokenContract: '',
  decimals: null,
  priceFeedId: '',
  rateSource: 'manual',
  usdPrice: '',
  rate: '',
  address: '',
  enabled: true,
};

/** A Manager adds only what its role may: a currency on no network the watchers follow, without a wallet (the Owner's). */
const EMPTY_FOR_MANAGER: CryptoFormValues = { ...EMPTY_CRYPTO, network: 'other', chainId: null, tokenContract: null };

/**
 * Only EVM networks have a chain id: the hidden input's value must not reach the schema for the
 * others. The price goes as the USD price, or as a rate in tokens when only that was typed.
 */
const toBody = <T extends { network: CryptoFormValues['network']; chainId?: number | null; usdPrice?: string; rate?: string }>(values: T): T => {
  const price = values.usdPrice?.trim() ? { rate: values.rate?.trim() ? values.rate : undefined } : { usdPrice: undefined, rate: values.rate?.trim() ? values.rate : undefined };
  return { ...values, ...price, ...(values.network === 'evm' ? {} : { chainId: null }) };
};

const createSchema = z.custom<CryptoFormValues>().transform(toBody).pipe(createCryptoBodySchema);
// Editing checks the same fields without the code, which cannot change (the update schema is strict).
const editSchema = z
  .custom<CryptoFormValues>()
  .transform(({ currency: _, ...fields }) => toBody(fields))
  .pipe(updateCryptoBodySchema);

const NETWORK_LABELS: Record<CryptoFormValues['network'], string> = {
  bitcoin: 'Bitcoin',
  litecoin: 'Litecoin',
  dogecoin: 'Dogecoin',
  evm: 'EVM (Ethereum and compatible)',
  tron: 'TRON',
  solana: 'Solana',
  other: 'Other',
};

const OWNER_ONLY = 'Only an Owner changes this: it decides what counts as a payment.';

interface PriceHints {
  usd: string;
  rate: string;
}

/** What a price typed in either field is at the current token price, said beside it. */
function usePriceHints(typedUsdPrice: string | undefined, typedRate: string | undefined): PriceHints {
  const usdPrice = typedUsdPrice?.trim() ?? '';
  const rate = typedRate?.trim() ?? '';
  const { data: sale } = useAdminSale();
  const tokenPrice = sale?.priceUsd;
  if (!tokenPrice) return { usd: 'What one unit is worth, e.g. 1 for USDT.', rate: 'Instead of the USD price: converted at the current token price.' };
  const at = `at the current token price ${usdPriceText(tokenPrice)}`;
  const priced = DECIMAL_PATTERN.test(usdPrice) ? rateFromPrice(usdPrice, tokenPrice) : null;
  const converted = DECIMAL_PATTERN.test(rate) && !DECIMAL_PATTERN.test(usdPrice) ? priceFromRate(rate, tokenPrice) : null;
  return {
    usd: priced ? `= ${priced} tokens per unit ${at}.` : 'What one unit is worth, e.g. 1 for USDT.',
    rate: converted ? `= ${usdPriceText(converted)} ${at}; saved as that USD price.` : `Instead of the USD price: tokens per unit, converted ${at}.`,
  };
}

const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/**
 * The fields that add and edit share, with the server's schema. When editing, the currency code is
 * read-only: it is the crypto's identity, referenced by orders.
 */
function CryptoFields({
  mode,
  register,
  hints,
  errors,
  network,
  submitLabel,
  pending,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  register: UseFormRegister<CryptoFormValues>;
  hints: PriceHints;
  errors: FieldErrors<CryptoFormValues>;
  network: CryptoFormValues['network'];
  submitLabel: string;
  pending: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}) {
  // The network, chain, contract, decimals and wallet are the Owner's (the server refuses them to others).
  const owner = useCan()('own');
  return (
    <form onSubmit={onSubmit} noValidate className="grid items-start gap-4 sm:grid-cols-2">
      <FormField label="Currency" error={errors.currency?.message} hint="Code such as BTC; stored upper-case.">
        <Input readOnly={mode === 'edit'} aria-readonly={mode === 'edit'} autoCapitalize="characters" {...register('currency')} />
      </FormField>
      <FormField label="Full name" error={errors.fullName?.message}>
        <Input {...register('fullName')} />
      </FormField>
      {owner ? (
        <FormField label="Network" error={errors.network?.message}>
          <NativeSelect {...register('network')}>
            {Object.entries(NETWORK_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : (
        <FormField label="Network" error={errors.network?.message} hint={OWNER_ONLY}>
          <Input readOnly aria-readonly value={NETWORK_LABELS[network]} />
        </FormField>
      )}
      {network === 'evm' ? (
        <FormField label="Chain id" error={errors.chainId?.message} hint={owner ? '1 for Ethereum, 56 for BNB Smart Chain.' : OWNER_ONLY}>
          <Input inputMode="numeric" readOnly={!owner} aria-readonly={!owner} {...register('chainId', { setValueAs: optionalNumber })} />
        </FormField>
      ) : null}
      <FormField label="Token contract" error={errors.tokenContract?.message} hint={owner ? "Only for tokens such as USDT; empty for the network's own coin." : OWNER_ONLY}>
        <Input readOnly={!owner} aria-readonly={!owner} {...register('tokenContract', { setValueAs: (v: string | null) => (v === null || v.trim() === '' ? null : v) })} />
      </FormField>
      <FormField label="Decimals" error={errors.decimals?.message} hint={owner ? undefined : OWNER_ONLY}>
        <Input inputMode="numeric" readOnly={!owner} aria-readonly={!owner} {...register('decimals', { setValueAs: optionalNumber })} />
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
      <FormField label="USD price" error={errors.usdPrice?.message} hint={hints.usd}>
        <Input inputMode="decimal" {...register('usdPrice')} />
      </FormField>
      <FormField label="Or rate in tokens" error={errors.rate?.message} hint={hints.rate}>
        <Input inputMode="decimal" {...register('rate')} />
      </FormField>
      <FormField
        label="Address"
        error={errors.address?.message}
        hint={owner ? 'The wallet buyers pay to; without one the currency is not offered.' : 'The wallet buyers pay to: only an Owner sets it.'}
        className="sm:col-span-2"
      >
        <Input spellCheck={false} autoComplete="off" readOnly={!owner} aria-readonly={!owner} {...register('address')} />
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
  const empty = useCan()('own') ? EMPTY_CRYPTO : EMPTY_FOR_MANAGER;
  const { register, control, onSubmit, formState } = useServerForm({
    schema: createSchema,
    defaultValues: empty,
    fields: FIELDS,
    submit: (body) => create.mutateAsync(body),
    successToast: (saved) => (saved.priceNote ? `${saved.code} added: ${saved.priceNote}` : `${saved.code} added`),
    errorToast: { fallback: 'Failed to add the currency.' },
    onSuccess: (_, { form }) => form.reset(empty),
  });
  const network = useWatch({ control, name: 'network' });
  const hints = usePriceHints(useWatch({ control, name: 'usdPrice' }), useWatch({ control, name: 'rate' }));
  return <CryptoFields mode="create" register={register} hints={hints} errors={formState.errors} network={network} submitLabel="Add crypto" pending={create.isPending} onSubmit={onSubmit} />;
}

export function EditCryptoForm({ crypto, onSaved }: { crypto: AdminCrypto; onSaved: () => void }) {
  const update = useUpdateCrypto();
  const { register, control, onSubmit, formState } = useServerForm({
    schema: editSchema,
    defaultValues: cryptoToForm(crypto),
    fields: FIELDS,
    submit: (body) => update.mutateAsync({ code: crypto.code, body }),
    successToast: (saved) => (saved.priceNote ? `${crypto.code} updated: ${saved.priceNote}` : `${crypto.code} updated`),
    errorToast: { fallback: 'Failed to update the currency.' },
    onSuccess: onSaved,
  });
  const network = useWatch({ control, name: 'network' });
  const hints = usePriceHints(useWatch({ control, name: 'usdPrice' }), useWatch({ control, name: 'rate' }));
  return <CryptoFields mode="edit" register={register} hints={hints} errors={formState.errors} network={network} submitLabel="Save changes" pending={update.isPending} onSubmit={onSubmit} />;
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
    // The price as the USD price it is; a rate stored without one (before USD prices) shows as the rate.
    usdPrice: c.usdPrice ?? '',
    rate: c.usdPrice === null ? (c.rate ?? '') : '',
    address: c.address,
    enabled: c.enabled,
  };
}
