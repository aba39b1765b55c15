// GET /api/cryptos: the cryptocurrencies a buyer can pay with (enabled and with a wallet address).
import { z } from 'zod';
import { NETWORKS } from '@/domain/networks';
import { decimalString, isoDateTime } from './common';
import type { EndpointMap } from './endpoint';

export const networkSchema = z.enum(NETWORKS);
export type { Network } from '@/domain/networks';

export const publicCryptoSchema = z.object({
  code: z.string(),
  name: z.string(),
  network: networkSchema,
  chainId: z.number().int().nullable(),
  tokenContract: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** Tokens per 1 unit of this crypto. */
  rate: decimalString,
  rateUpdatedAt: isoDateTime.nullable(),
  address: z.string(),
  iconUrl: z.string(),
});
export type PublicCrypto = z.infer<typeof publicCryptoSchema>;

export const publicCryptosSchema = z.object({ cryptos: z.array(publicCryptoSchema) });

export const cryptoEndpoints = {
  'GET /api/cryptos': { responses: { 200: publicCryptosSchema } },
} satisfies EndpointMap;
