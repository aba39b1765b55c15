// The buyer's orders (PRODUCT.md §4 Token Hub): Amount, Tokens, Pair, Date, Time, Status and the
// whole order id; each row opens its order page. Under xl (a phone, or a tablet beside the
// sidebar) each order is a stacked card instead, so nothing is cut off or needs sideways scrolling.
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '@/contracts/orders';
import { formatAmount, formatPayAmount } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { OrderStatusBadge } from './order-status-badge';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' });

const HEADERS = ['Amount', 'Tokens', 'Pair', 'Date', 'Time', 'Status', 'Order'];

function ViewLink({ order }: { order: Order }) {
  return (
    <Link to={paths.transaction(order.id)} className="text-primary inline-flex items-center gap-1 whitespace-nowrap underline-offset-4 hover:underline">
      View<span className="sr-only"> order #{order.id}</span>
      <ChevronRight className="size-4" aria-hidden />
    </Link>
  );
}

function tokensOf(order: Order, symbol: string): string {
  return `${formatAmount(order.tokens)} ${symbol}`;
}

function OrderCards({ orders, symbol }: { orders: Order[]; symbol: string }) {
  return (
    <ul className="grid gap-2 xl:hidden" aria-label="Your orders">
      {orders.map((order) => {
        const created = new Date(order.createdAt);
        return (
          <li key={order.id} className="grid gap-2 rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium break-all">
                {formatPayAmount(order.payAmount)} {order.crypto.code}
              </span>
              <OrderStatusBadge status={order.status} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">Tokens</dt>
              <dd className="break-all">{tokensOf(order, symbol)}</dd>
              <dt className="text-muted-foreground">Pair</dt>
              <dd>
                {order.crypto.code}/{symbol}
              </dd>
              <dt className="text-muted-foreground">Date</dt>
              <dd>
                {dateFormat.format(created)}, {timeFormat.format(created)}
              </dd>
              <dt className="text-muted-foreground">Order</dt>
              <dd className="font-mono break-all">{order.id}</dd>
            </dl>
            <ViewLink order={order} />
          </li>
        );
      })}
    </ul>
  );
}

export function OrdersTable({ orders, symbol }: { orders: Order[]; symbol: string }) {
  return (
    <>
      <OrderCards orders={orders} symbol={symbol} />
      <div className="relative hidden overflow-x-auto rounded-md border xl:block">
        <table className="w-full text-sm" aria-label="Your orders">
          <thead className="bg-muted/50 text-muted-foreground text-left">
            <tr>
              {HEADERS.map((header) => (
                <th key={header} scope="col" className="px-3 py-2 font-medium">
                  {header}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => {
              const created = new Date(order.createdAt);
              return (
                <tr key={order.id} className="hover:bg-muted/40 border-t">
                  <td className="px-3 py-2 font-medium whitespace-nowrap">
                    {formatPayAmount(order.payAmount)} {order.crypto.code}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{tokensOf(order, symbol)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {order.crypto.code}/{symbol}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{dateFormat.format(created)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{timeFormat.format(created)}</td>
                  <td className="px-3 py-2">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{order.id}</td>
                  <td className="px-3 py-2 text-right">
                    <ViewLink order={order} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
