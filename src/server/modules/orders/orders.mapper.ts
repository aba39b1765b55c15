import { formatUnits, parseUnits } from 'viem';
import type { AdminOrder, AdminPayment, Order, OrderCampaign, OrderPayment } from '@/contracts/orders';
import type { OrderWithdrawal } from '@/contracts/withdrawals';
import { dec, plain, toPlain } from '@/domain/decimal';
import { explorerTxUrl, paymentUri } from '@/domain/payment';
import { confirmedTotal, judgeAmount } from '@/domain/payment-verdict';
import type { PaymentProgress } from './payment-progress.service';
import { iconUrl } from '../cryptos/cryptos.mapper';
import type { BuyerOrderView, LedgerEntryOfOrder, OrderView } from './order-views.repository';


/**
 * The buyer's view of an order. An order paying to a deposit address carries what the watcher saw
 * (`progress`; none yet when it is new).
 */
export function toOrder(v: BuyerOrderView, now: Date, progress?: PaymentProgress, ledger: readonly LedgerEntryOfOrder[] = [], campaign: OrderCampaign | null = null, withdrawal: OrderWithdrawal | null = null): Order {
  return {
    id: v.publicId,
    status: v.status,
    crypto: { code: v.cryptoCode, name: v.cryptoName, network: v.network, chainId: v.chainId, tokenContract: v.tokenContract, decimals: v.decimals, iconUrl: iconUrl(v.cryptoCode) },
    address: v.address,
    tokens: plain(v.tokens),
    bonusTokens: plain(v.bonusTokens),
    payAmount: plain(v.payAmount),
    rate: plain(v.rate),
    usdAmount: plain(v.usdAmount),
    pieces: v.stagePieces.map((p) => ({ stage: p.stageNumber, stageName: p.stageName, tokens: plain(p.tokens), priceUsd: plain(p.priceUsd), payAmount: plain(p.payAmount) })),
    paymentUri: paymentUri({ network: v.network, address: v.address, payAmount: plain(v.payAmount), chainId: v.chainId, tokenContract: v.tokenContract, decimals: v.decimals }),
    txHash: v.txHash,
    explorerUrl: v.txHash ? explorerTxUrl(v.network, v.chainId, v.txHash) : null,
    expiresAt: v.expiresAt.toISOString(),
    createdAt: v.createdAt.toISOString(),
    decidedAt: v.decidedAt?.toISOString() ?? null,
    decisionNote: v.decisionNote,
    payment: v.depositAddressId === null ? null : paymentOf(v, progress ?? NOTHING_SEEN),
    ledger: ledger.map((e) => ({ seq: e.seq, kind: e.kind, amount: plain(e.amount), hash: e.hash })),
    campaign,
    withdrawal,
    serverTime: now.toISOString(),
  };
}

const NOTHING_SEEN: PaymentProgress = { transfers: [], required: null, toleranceBps: 0, excessDecision: null };

/** An order's currency amounts: base units to the currency's units, as plain decimals. */
const unitsOf = (v: BuyerOrderView) => (units: bigint) => toPlain(dec(formatUnits(units, v.decimals ?? 18)));

/**
 * What arrived judged against the order: the confirmed total, less an excess the operator marked
 * refunded (credited excess is part of the order's amount by then).
 */
function judged(v: BuyerOrderView, progress: PaymentProgress) {
  const confirmed = confirmedTotal(progress.transfers);
  const refunded = progress.excessDecision?.action === 'refunded' ? progress.excessDecision.amount : 0n;
  const kept = confirmed > refunded ? confirmed - refunded : 0n;
  return { confirmed, verdict: kept === 0n ? null : judgeAmount(parseUnits(toPlain(dec(v.payAmount)), v.decimals ?? 18), kept, progress.toleranceBps) };
}

/** What the operator needs to decide on a watched payment. */
function adminPaymentOf(v: BuyerOrderView, progress: PaymentProgress): AdminPayment {
  const amountOf = unitsOf(v);
  const { confirmed, verdict } = judged(v, progress);
  const reverted = progress.transfers.some((t) => t.state === 'reverted');
  const d = progress.excessDecision;
  const excessDecision = d
    ? { action: d.action, amount: amountOf(d.amount), tokens: toPlain(dec(d.tokens)), bonusTokens: toPlain(dec(d.bonusTokens)), note: d.note, decidedAt: d.decidedAt.toISOString(), decidedBy: d.decidedByLogin }
    : null;
  if (verdict === null) {
    const verdictNow = confirmed > 0n ? 'paid' : progress.transfers.some((t) => t.state === 'seen') ? 'unconfirmed' : 'waiting';
    return { received: amountOf(confirmed), verdict: verdictNow, excess: '0', reverted, excessDecision };
  }
  return { received: amountOf(confirmed), verdict: verdict.kind, excess: verdict.kind === 'overpaid' ? amountOf(verdict.excess) : '0', reverted, excessDecision };
}

/** An overpayment as its buyer sees it: open until the operator credits or refunds it. */
function excessOf(v: BuyerOrderView, progress: PaymentProgress): OrderPayment['excess'] {
  const amountOf = unitsOf(v);
  const d = progress.excessDecision;
  if (d) return { amount: amountOf(d.amount), state: d.action, note: d.action === 'refunded' ? d.note : null };
  const { verdict } = judged(v, progress);
  return verdict?.kind === 'overpaid' ? { amount: amountOf(verdict.excess), state: 'open', note: null } : null;
}

function paymentOf(v: BuyerOrderView, progress: PaymentProgress): OrderPayment {
  const amountOf = unitsOf(v);
  const received = confirmedTotal(progress.transfers);
  const left = dec(v.payAmount).minus(dec(amountOf(received)));
  const remaining = left.gt(0) ? toPlain(left) : '0';
  const partlyPaid = received > 0n && left.gt(0) && v.status === 'pending';
  return {
    received: amountOf(received),
    remaining,
    remainderUri: partlyPaid ? paymentUri({ network: v.network, address: v.address, payAmount: remaining, chainId: v.chainId, tokenContract: v.tokenContract, decimals: v.decimals }) : null,
    required: progress.required,
    excess: excessOf(v, progress),
    transfers: progress.transfers.map((t) => ({
      txHash: t.txHash,
      explorerUrl: explorerTxUrl(v.network, v.chainId, t.txHash),
      amount: amountOf(t.value),
      state: t.state,
      confirmations: t.confirmations,
    })),
  };
}

export function toAdminOrder(v: OrderView, progress?: PaymentProgress, campaign: OrderCampaign | null = null): AdminOrder {
  const { serverTime: _serverTime, payment: _payment, ledger: _ledger, ...order } = toOrder(v, new Date(), undefined, [], campaign);
  return {
    ...order,
    pieces: v.stagePieces.map((p) => ({ stage: p.stageNumber, stageName: p.stageName, tokens: plain(p.tokens), priceUsd: plain(p.priceUsd), payAmount: plain(p.payAmount), rate: plain(p.rate), usdAmount: plain(p.usdAmount) })),
    payment: v.depositAddressId === null ? null : adminPaymentOf(v, progress ?? NOTHING_SEEN),
    orderId: v.id,
    priceUsd: plain(v.priceUsd),
    buyer: { id: v.userId, name: v.buyerName, email: v.buyerEmail },
    // A decision without an operator is the payment watcher's.
    decidedBy: v.decidedAt !== null && v.decidedBy === null ? 'Automatic' : v.decidedByLogin,
    decisionNote: v.decisionNote,
    eligibility: v.eligibility,
  };
}
