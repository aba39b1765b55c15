// The client's preview of an order: the same quote functions the server runs (domain/quote), so
// what the buyer sees is what the server will store, and the body that reproduces it.
import type { PublicCrypto } from '@/contracts/cryptos';
import type { CreateOrderBody } from '@/contracts/orders';
import type { Sale } from '@/contracts/sale';
import { dec } from '@/domain/decimal';
import { limitProblem, parseAmount, quoteForPayment, quoteForTokens, type Quote } from '@/domain/quote';
import { UNSCHEDULED_TEXT } from '@/web/lib/unscheduled';

/** What the typed amount means: tokens to receive, or crypto to pay. */
export type AmountMode = 'tokens' | 'crypto';

export interface PurchasePreview {
  quote: Quote;
  /** The order request that makes the server compute this same quote. */
  body: CreateOrderBody;
  /** Why this purchase cannot be ordered now, or null. */
  blocked: string | null;
}

const STATE_REASONS: Record<Exclude<Sale['state'], 'live'>, string> = {
  upcoming: 'The presale has not started yet.',
  ended: 'The presale has ended.',
  sold_out: 'The presale is sold out.',
};

export function previewPurchase(amount: string, mode: AmountMode, crypto: PublicCrypto, sale: Sale): PurchasePreview | null {
  const value = parseAmount(amount);
  if (value === null || dec(crypto.rate).lte(0)) return null;
  const input = { rate: crypto.rate, priceUsd: sale.priceUsd, decimals: crypto.decimals };
  const quote = mode === 'tokens' ? quoteForTokens(value, input) : quoteForPayment(value, input);
  const body: CreateOrderBody = mode === 'tokens' ? { crypto: crypto.code, tokens: quote.tokens } : { crypto: crypto.code, payAmount: quote.payAmount };
  const limit = limitProblem(quote.tokens, sale.token.symbol);
  const blocked = limit ? limit.message : !sale.scheduled ? UNSCHEDULED_TEXT : sale.state === 'live' ? null : STATE_REASONS[sale.state];
  return { quote, body, blocked };
}

/** A fresh Idempotency-Key; crypto.randomUUID exists only on secure origins. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
