// What an approved order was paid under its campaign code (decision 031), said the same way on the
// buyer's order page and in the back-office's order sheet.
import type { OrderCampaign } from '@/contracts/orders';
import { formatAmount } from './format';

export function campaignOutcomeText(campaign: OrderCampaign, symbol: string): string {
  const wanted = `${formatAmount(campaign.wanted)} ${symbol}`;
  if (campaign.outcome === 'not_paid') return `The bonus of ${wanted} the quote showed was not paid. ${campaign.note}`;
  const credited = `Bonus of ${formatAmount(campaign.credited)} ${symbol} credited`;
  return campaign.outcome === 'reduced' ? `${credited} of the ${wanted} the quote showed. ${campaign.note}` : `${credited}, as the quote showed.`;
}
