import type { AdminOrder } from '@/contracts/orders';

const HEADER = ['Transaction ID', 'Status', 'Amount', 'Currency', 'Tokens', 'Bonus tokens', 'USD', 'Email', 'Name', 'Address', 'Tx hash', 'Created At (UTC)', 'Decided At (UTC)', 'Decided by'];

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | null): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\n\r']/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function ordersCsv(orders: AdminOrder[]): string {
  const rows = orders.map((o) => [
    o.id,
    o.status,
    o.payAmount,
    o.crypto.code,
    o.tokens,
    o.bonusTokens,
    o.usdAmount,
    o.buyer.email,
    o.buyer.name,
    o.address,
    o.txHash,
    o.createdAt,
    o.decidedAt,
    o.decidedBy,
  ]);
  return [HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
