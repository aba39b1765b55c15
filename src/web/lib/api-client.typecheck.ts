// Compile-time checks of apiCall, run by `npm run typecheck` (never imported): each expected error
// below must happen, so a contract that stopped catching the mistake fails the typecheck.
import { apiCall } from './api-client';

export const mistakes = [
  // @ts-expect-error: no such endpoint
  () => apiCall('GET /api/ordrs'),
  // @ts-expect-error: crypto is a code, not a number
  () => apiCall('POST /api/orders', { body: { crypto: 1 } }),
  // @ts-expect-error: the order's token is missing
  () => apiCall('GET /api/orders/:orderToken'),
  // @ts-expect-error: a path parameter by another name
  () => apiCall('GET /api/orders/:orderToken', { params: { token: 'AbC' } }),
  // @ts-expect-error: the CSV export is a link, not JSON
  () => apiCall('GET /api/admin/users.csv'),
  async () => {
    const order = await apiCall('GET /api/orders/:orderToken', { params: { orderToken: 'AbC' } });
    // @ts-expect-error: an order's answer has no `orders`
    const orders: unknown = order.orders;
    return orders;
  },
];
