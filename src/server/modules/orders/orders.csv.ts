import type { AdminOrder } from '@/contracts/orders';
import { asIdentifier, asText, writeCsv } from '../../csv';

const HEADER = ['Transaction ID', 'Status', 'Amount', 'Currency', 'Tokens', 'Bonus tokens', 'USD', 'Email', 'Name', 'Address', 'Tx hash', 'Created At (UTC)', 'Decided At (UTC)', 'Decided by'];

export function ordersCsv(orders: AdminOrder[]): string {
  const rows = orders.map((o) => [
    asIdentifier(o.id),
    ...[o.status, o.payAmount, o.crypto.code, o.tokens, o.bonusTokens, o.usdAmount, o.buyer.email, o.buyer.name, o.address, o.txHash, o.createdAt, o.decidedAt, o.decidedBy].map(asText),
  ]);
  return writeCsv([HEADER, ...rows]);
}
