import type { AdminOrder } from '@/contracts/orders';

const HEADER = ['Transaction ID', 'Status', 'Amount', 'Currency', 'Tokens', 'Bonus tokens', 'USD', 'Email', 'Name', 'Address', 'Tx hash', 'Created At (UTC)', 'Decided At (UTC)', 'Decided by'];

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | null): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\n\r']/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * An identifier the server made (an order's public id, a numeric id): written exactly as it is, so
 * it can be searched and quoted. Letters, digits, '-' and '_' cannot call a function or open a link
 * (no parentheses, quotes or '!'), so even an older id starting with '-' needs no apostrophe;
 * anything else is treated as text.
 */
export function csvIdentifier(value: string): string {
  return /^[A-Za-z0-9_-]*$/.test(value) ? value : csvCell(value);
}

export function ordersCsv(orders: AdminOrder[]): string {
  const rows = orders.map((o) => [
    csvIdentifier(o.id),
    ...[o.status, o.payAmount, o.crypto.code, o.tokens, o.bonusTokens, o.usdAmount, o.buyer.email, o.buyer.name, o.address, o.txHash, o.createdAt, o.decidedAt, o.decidedBy].map(csvCell),
  ]);
  return [HEADER.map(csvCell), ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n';
}
