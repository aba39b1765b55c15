// What an order message is made from, its kinds and its subject line: queued with the order, while
// the message itself is rendered when sent (./order.tsx).

/** What an order message is made from, recorded when the order changed. */
export interface OrderMailData {
  name: string;
  orderId: string;
  /** The order page. */
  link: string;
  code: string;
  network: string;
  address: string;
  payAmount: string;
  /** The wallet URI the QR code holds. */
  paymentUri: string;
  expiresAt: string;
  tokens: string;
  bonusTokens: string;
  symbol: string;
  /** After approval: the buyer's balance and level then. */
  balance?: string;
  level?: string | null;
  note?: string | null;
  txHash?: string | null;
  /** For an expired order: where to buy again. */
  buyLink?: string;
}

export const ORDER_MAIL_KINDS = ['order-created', 'order-payment-seen', 'order-approved', 'order-rejected', 'order-expired'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** The image the order-created message shows, attached by this content id. */
export const QR_CID = 'payment-qr@presale';

export function orderMailSubject(kind: OrderMailKind, d: Pick<OrderMailData, 'orderId' | 'payAmount' | 'code' | 'tokens' | 'symbol'>): string {
  switch (kind) {
    case 'order-created':
      return `Order ${d.orderId}: send ${d.payAmount} ${d.code}`;
    case 'order-payment-seen':
      return `Order ${d.orderId}: payment seen, confirming`;
    case 'order-approved':
      return `Order ${d.orderId} approved: ${d.tokens} ${d.symbol} credited`;
    case 'order-rejected':
      return `Order ${d.orderId} was rejected`;
    case 'order-expired':
      return `Order ${d.orderId} expired`;
  }
}
