// GET /api/cryptos: the cryptocurrencies a buyer can pay with (enabled and with a wallet address).
import { z } from 'zod';
import { decimalString, isoDateTime } from './common';

export const networkSchema = z.enum(['bitcoin', 'evm', 'tron', 'solana', 'other']);
export type Network = z.infer<typeof networkSchema>;

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
