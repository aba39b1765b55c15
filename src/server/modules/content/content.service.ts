import type { Content } from '@/contracts/content';
import { defaultContent } from '@/domain/content-defaults';
import type { Queryable } from '../../db/client';
import { getSaleSettings } from '../sale/sale.service';

/** The public texts: the defaults, with the token's name and the cryptocurrencies on offer filled in. */
export async function getContent(db: Queryable, offeredCryptoNames: string[] = []): Promise<Content> {
  const sale = await getSaleSettings(db);
  return defaultContent({ tokenName: sale.tokenName, symbol: sale.tokenSymbol, cryptoNames: offeredCryptoNames });
}
