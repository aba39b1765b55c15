// An order's states (PRODUCT.md §6), declared once for the database column and the API contracts.

export const ORDER_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
