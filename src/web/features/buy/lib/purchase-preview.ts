// The client's preview of an order: the same quote function the server runs (domain/stages
// quoteAcrossStages, piece by piece across the stages a purchase spans), so what the buyer sees is
// what the server will store, and the body that reproduces it.
import type { CampaignOffer } from '@/contracts/campaigns';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { CreateOrderBody } from '@/contracts/orders';
import type { Sale } from '@/contracts/sale';
import { campaignBonus } from '@/domain/campaign';
import { limitProblem, parseAmount } from '@/domain/quote';
import { openStages, quoteAcrossStages, type StageQuote } from '@/domain/stages';
import { rateFromPrice } from '@/domain/usd-price';
import { formatAmount } from '@/web/lib/format';
import { UNSCHEDULED_TEXT } from '@/web/lib/unscheduled';
import { stageFiguresOf } from './stage-figures';

/** What the typed amount means: tokens to receive, or crypto to pay. */
export type AmountMode = 'tokens' | 'crypto';

export type PurchasePreview =
  | {
      quote: StageQuote;
      /** The order request that makes the server compute this same quote. */
      body: CreateOrderBody;
      /** Why this purchase cannot be ordered now, or null. */
      blocked: string | null;
    }
  /** A purchase that cannot be priced: more than the sale has left, or a currency worth too little. */
  | { quote: null; body: null; blocked: string };

const STATE_REASONS: Record<Exclude<Sale['state'], 'live'>, string> = {
  upcoming: 'The presale has not started yet.',
  ended: 'The presale has ended.',
  sold_out: 'The presale is sold out.',
};

function stateReason(sale: Sale): string | null {
  return !sale.scheduled ? UNSCHEDULED_TEXT : sale.state === 'live' ? null : STATE_REASONS[sale.state];
}

/** The stages a purchase made at `now` is priced in, current first (an ended stage's remainder passed on as the server will). */
function openStagesOf(sale: Sale, now: Date) {
  return openStages(stageFiguresOf(sale), now, sale.unsoldStageTokens);
}

/** `now` is the server's clock (the sale's serverTime carried forward), which decides the stage. */
export function previewPurchase(amount: string, mode: AmountMode, crypto: PublicCrypto, sale: Sale, now: Date): PurchasePreview | null {
  const value = parseAmount(amount);
  if (value === null) return null;
  const symbol = sale.token.symbol;
  const result = quoteAcrossStages(mode === 'tokens' ? { tokens: value } : { payAmount: value }, openStagesOf(sale, now), { usdPrice: crypto.usdPrice, decimals: crypto.decimals });
  if (!result.ok) {
    if (result.reason === 'no_rate') return { quote: null, body: null, blocked: `${crypto.name} is worth too little to buy tokens at this stage's price. Choose another cryptocurrency.` };
    // Nothing left to price in a sale that is over: its state says why.
    return { quote: null, body: null, blocked: stateReason(sale) ?? `This purchase would exceed the tokens left in the sale (${formatAmount(result.tokensLeft)} ${symbol} available).` };
  }
  const quote = result.quote;
  const body: CreateOrderBody = mode === 'tokens' ? { crypto: crypto.code, tokens: quote.tokens } : { crypto: crypto.code, payAmount: quote.payAmount };
  const limit = limitProblem(quote.tokens, symbol);
  return { quote, body, blocked: limit ? limit.message : stateReason(sale) };
}

/** A campaign code in the quote: its bonus on the tokens ordered (what the approval credits). */
export interface CampaignQuote {
  code: string;
  buyerPercent: string;
  bonus: string;
}

/** Where the campaign code the buyer typed stands: none, being checked, usable, or refused (why). */
export type CampaignState = { state: 'none' } | { state: 'checking' } | { state: 'usable'; offer: CampaignOffer } | { state: 'refused'; message: string };

/** The preview with the campaign code: the order names it and the quote shows its bonus; a code being checked or refused holds Buy Now!. */
export function withCampaign(preview: PurchasePreview | null, campaign: CampaignState): { preview: PurchasePreview | null; campaign: CampaignQuote | null } {
  if (!preview?.quote || campaign.state === 'none') return { preview, campaign: null };
  if (campaign.state === 'checking') return { preview: { ...preview, blocked: preview.blocked ?? 'Checking the campaign code…' }, campaign: null };
  if (campaign.state === 'refused') return { preview: { ...preview, blocked: preview.blocked ?? campaign.message }, campaign: null };
  const { offer } = campaign;
  return {
    preview: { ...preview, body: { ...preview.body, campaignCode: offer.code } },
    campaign: { code: offer.code, buyerPercent: offer.buyerPercent, bonus: campaignBonus(preview.quote.tokens, offer.buyerPercent) },
  };
}

/** Tokens per 1 unit of the currency in the stage on sale at `now`; null when no stage is open or it rounds to nothing. */
export function currentRate(crypto: PublicCrypto, sale: Sale, now: Date): string | null {
  const current = openStagesOf(sale, now)[0];
  return current ? rateFromPrice(crypto.usdPrice, current.stage.priceUsd) : null;
}

/** A fresh Idempotency-Key; crypto.randomUUID exists only on secure origins. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
