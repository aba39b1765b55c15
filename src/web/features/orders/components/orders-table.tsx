// The buyer's orders (PRODUCT.md §4 Token Hub): Amount, Pair, Date, Time, Status; each row opens
// its order page.
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '@/contracts/orders';
import { formatAmount } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { OrderStatusBadge } from './order-status-badge';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' });

export function OrdersTable({ orders, symbol }: { orders: Order[]; symbol: string }) {
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full min-w-[36rem] text-sm">
        <thead className="bg-muted/50 text-muted-foreground text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Pair
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
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
                  {formatAmount(order.payAmount)} {order.crypto.code}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {order.crypto.code}/{symbol}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{dateFormat.format(created)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{timeFormat.format(created)}</td>
                <td className="px-3 py-2">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-3 py-2 text-right">
                  <Link to={paths.transaction(order.id)} className="text-primary inline-flex items-center gap-1 whitespace-nowrap underline-offset-4 hover:underline">
                    View<span className="sr-only"> order #{order.id}</span>
                    <ChevronRight className="size-4" aria-hidden />
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
