import { formatUnits, parseUnits } from 'viem';
import type { AdminOrder, AdminPayment, Order, OrderPayment } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { explorerTxUrl, paymentUri } from '@/domain/payment';
import { confirmedTotal, judgeAmount } from '@/domain/payment-verdict';
import type { PaymentProgress } from '../payments/payment-progress.service';
import { iconUrl } from '../cryptos/cryptos.mapper';
import type { BuyerOrderView, OrderView } from './order-views.repository';

const plain = (v: string) => toPlain(dec(v));

/**
 * The buyer's view of an order. An order paying to a deposit address carries what the watcher saw
 * (`progress`; none yet when it is new).
 */
export function toOrder(v: BuyerOrderView, now: Date, progress?: PaymentProgress): Order {
  return {
    id: v.publicId,
    status: v.status,
    crypto: { code: v.cryptoCode, name: v.cryptoName, network: v.network, chainId: v.chainId, tokenContract: v.tokenContract, iconUrl: iconUrl(v.cryptoCode) },
    address: v.address,
    tokens: plain(v.tokens),
    bonusTokens: plain(v.bonusTokens),
    payAmount: plain(v.payAmount),
    rate: plain(v.rate),
    usdAmount: plain(v.usdAmount),
    paymentUri: paymentUri({ network: v.network, address: v.address, payAmount: plain(v.payAmount), chainId: v.chainId, tokenContract: v.tokenContract, decimals: v.decimals }),
    txHash: v.txHash,
    explorerUrl: v.txHash ? explorerTxUrl(v.network, v.chainId, v.txHash) : null,
    expiresAt: v.expiresAt.toISOString(),
    createdAt: v.createdAt.toISOString(),
    decidedAt: v.decidedAt?.toISOString() ?? null,
    decisionNote: v.decisionNote,
    payment: v.depositAddressId === null ? null : paymentOf(v, progress ?? NOTHING_SEEN),
    serverTime: now.toISOString(),
  };
}

const NOTHING_SEEN: PaymentProgress = { transfers: [], required: null, toleranceBps: 0 };

/** An order's currency amounts: base units to the currency's units, as plain decimals. */
const unitsOf = (v: BuyerOrderView) => (units: bigint) => toPlain(dec(formatUnits(units, v.decimals ?? 18)));

/** What the operator needs to decide on a watched payment. */
function adminPaymentOf(v: BuyerOrderView, progress: PaymentProgress): AdminPayment {
  const amountOf = unitsOf(v);
  const confirmed = confirmedTotal(progress.transfers);
  const reverted = progress.transfers.some((t) => t.state === 'reverted');
  if (confirmed === 0n) return { received: '0', verdict: progress.transfers.some((t) => t.state === 'seen') ? 'unconfirmed' : 'waiting', excess: '0', reverted };
  const verdict = judgeAmount(parseUnits(toPlain(dec(v.payAmount)), v.decimals ?? 18), confirmed, progress.toleranceBps);
  return { received: amountOf(confirmed), verdict: verdict.kind, excess: verdict.kind === 'overpaid' ? amountOf(verdict.excess) : '0', reverted };
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
    transfers: progress.transfers.map((t) => ({
      txHash: t.txHash,
      explorerUrl: explorerTxUrl(v.network, v.chainId, t.txHash),
      amount: amountOf(t.value),
      state: t.state,
      confirmations: t.confirmations,
    })),
  };
}

export function toAdminOrder(v: OrderView, progress?: PaymentProgress): AdminOrder {
  const { serverTime: _serverTime, payment: _payment, ...order } = toOrder(v, new Date());
  return {
    ...order,
    payment: v.depositAddressId === null ? null : adminPaymentOf(v, progress ?? NOTHING_SEEN),
    orderId: v.id,
    buyer: { id: v.userId, name: v.buyerName, email: v.buyerEmail },
    // A decision without an operator is the payment watcher's.
    decidedBy: v.decidedAt !== null && v.decidedBy === null ? 'Automatic' : v.decidedByLogin,
    decisionNote: v.decisionNote,
  };
}
