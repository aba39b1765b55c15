// What moving USDT out of one deposit address costs on TRON (issue 33): a TRC-20 transfer burns
// energy and bandwidth, paid in TRX at the chain's current prices unless the address has staked or
// rented energy. The operator pays it once per address swept, so it is shown before orders come in.
import { formatUnits } from 'viem';

/** Energy of a USDT `transfer` to an address that already holds USDT (the operator's wallet), as main net charged it in 2025: about 65,000. */
export const USDT_TRANSFER_ENERGY = 65_000n;
/** Bytes of bandwidth a signed TRC-20 transfer takes: about 345. */
export const TRC20_TRANSFER_BYTES = 345n;

export interface TronPrices {
  /** Sun per unit of energy (getEnergyFee). */
  energySun: number;
  /** Sun per byte of bandwidth (getTransactionFee). */
  bandwidthSun: number;
}

/** TRX (6 decimals, as a plain decimal) burnt by one USDT transfer out of a deposit address, with no staked energy. */
export function usdtSweepTrx(prices: TronPrices): string {
  const sun = USDT_TRANSFER_ENERGY * BigInt(prices.energySun) + TRC20_TRANSFER_BYTES * BigInt(prices.bandwidthSun);
  return formatUnits(sun, 6);
}
