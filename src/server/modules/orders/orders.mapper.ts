import type { AdminOrder, Order } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { explorerTxUrl, paymentUri } from '@/domain/payment';
import { iconUrl } from '../cryptos/cryptos.mapper';
import type { BuyerOrderView, OrderView } from './order-views.repository';

const plain = (v: string) => toPlain(dec(v));

export function toOrder(v: BuyerOrderView, now: Date): Order {
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
    serverTime: now.toISOString(),
  };
}

export function toAdminOrder(v: OrderView): AdminOrder {
  const { serverTime: _serverTime, ...order } = toOrder(v, new Date());
  return {
    ...order,
    orderId: v.id,
    buyer: { id: v.userId, name: v.buyerName, email: v.buyerEmail },
    decidedBy: v.decidedByLogin,
    decisionNote: v.decisionNote,
  };
}
