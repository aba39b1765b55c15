// A campaign code's bonus (issue 31): its percentage of the tokens ordered, rounded down to the ledger's
// decimals. The quote on Buy Token and the approval's credit use this same function.
import { dec, floorTo, toPlain } from './decimal';

export function campaignBonus(tokens: string, percent: string): string {
  return toPlain(floorTo(dec(tokens).times(percent).div(100)));
}
