import type { AdminCrypto, PublicCrypto } from '@/contracts/cryptos';
import { dec, toPlain } from '@/domain/decimal';
import type { CryptoRow } from './cryptos.repository';

export const iconUrl = (code: string) => `/crypto/${code.toLowerCase()}.svg`;

/**
 * A feed rate never fetched, older than the allowed age, or left without a time by a token-price
 * change it could not be recomputed for (see recomputeFeedRates), is stale; manual rates never are.
 */
export function isStale(row: CryptoRow, now: Date, maxAgeMinutes: number): boolean {
  if (row.rateSource === 'manual') return false;
  if (!row.rateUpdatedAt) return true;
  return now.getTime() - row.rateUpdatedAt.getTime() > maxAgeMinutes * 60_000;
}

export function isOffered(row: CryptoRow): row is CryptoRow & { rate: string; usdPrice: string; address: string } {
  return row.enabled && Boolean(row.address) && row.rate !== null && row.usdPrice !== null;
}

export function toAdminCrypto(row: CryptoRow, now: Date, maxAgeMinutes: number): AdminCrypto {
  return {
    code: row.code,
    name: row.name,
    network: row.network,
    chainId: row.chainId,
    tokenContract: row.tokenContract,
    decimals: row.decimals,
    priceFeedId: row.priceFeedId ?? '',
    rateSource: row.rateSource,
    rate: row.rate === null ? null : toPlain(dec(row.rate)),
    usdPrice: row.usdPrice === null ? null : toPlain(dec(row.usdPrice)),
    rateUpdatedAt: row.rateUpdatedAt?.toISOString() ?? null,
    stale: isStale(row, now, maxAgeMinutes),
    address: row.address ?? '',
    enabled: row.enabled,
    offered: isOffered(row),
    iconUrl: iconUrl(row.code),
  };
}

export function toPublicCrypto(row: CryptoRow & { rate: string; usdPrice: string; address: string }): PublicCrypto {
  return {
    code: row.code,
    name: row.name,
    network: row.network,
    chainId: row.chainId,
    tokenContract: row.tokenContract,
    decimals: row.decimals,
    rate: toPlain(dec(row.rate)),
    usdPrice: toPlain(dec(row.usdPrice)),
    rateUpdatedAt: row.rateUpdatedAt?.toISOString() ?? null,
    address: row.address,
    iconUrl: iconUrl(row.code),
  };
}
