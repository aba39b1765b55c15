import { formatUnits } from 'viem';
import type { AdminOrder, Order, OrderPayment } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { explorerTxUrl, paymentUri } from '@/domain/payment';
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
    payment: v.depositAddressId === null ? null : paymentOf(v, progress ?? { transfers: [], required: null }),
    serverTime: now.toISOString(),
  };
}

function paymentOf(v: BuyerOrderView, progress: PaymentProgress): OrderPayment {
  const decimals = v.decimals ?? 18;
  const amountOf = (units: bigint) => toPlain(dec(formatUnits(units, decimals)));
  const received = progress.transfers.filter((t) => t.state === 'confirmed').reduce((sum, t) => sum + t.value, 0n);
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

export function toAdminOrder(v: OrderView): AdminOrder {
  const { serverTime: _serverTime, payment: _payment, ...order } = toOrder(v, new Date());
  return {
    ...order,
    orderId: v.id,
    buyer: { id: v.userId, name: v.buyerName, email: v.buyerEmail },
    decidedBy: v.decidedByLogin,
    decisionNote: v.decisionNote,
  };
}
