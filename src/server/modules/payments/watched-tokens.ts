// The token contracts a watcher reads transfers of: the ones on offer on its chain, and the ones
// pending orders were quoted in (an operator may have changed a currency's contract since).
import type { Queryable } from '../../db/client';
import { findTokenContractsOnChain } from '../cryptos/cryptos.service';
import { findPendingOrderTokenContracts } from './payments.repository';

export async function watchedTokenContracts(db: Queryable, on: { network: 'evm'; chainId: number } | { network: 'tron' }): Promise<string[]> {
  const [offered, ordered] = await Promise.all([findTokenContractsOnChain(db, on), findPendingOrderTokenContracts(db, on)]);
  return [...new Set([...offered, ...ordered])];
}
