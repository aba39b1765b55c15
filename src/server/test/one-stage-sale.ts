// A sale for tests of what approval credits: ETH at 300,000 tokens per ETH ($0.01 a token, $3,000
// an ether), and one stage of `allocation` tokens that is the whole hard cap.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { cryptos, saleSettings, saleStages } from '../db/schema';

export const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export async function sellInOneStage(db: Queryable, allocation = '1000000'): Promise<void> {
  await db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
  await db.delete(saleStages);
  await db.insert(saleStages).values({ position: 1, name: 'Stage 1', priceUsd: '0.01', allocation });
  await db.update(saleSettings).set({ hardCap: allocation, priceUsd: '0.01' });
}
