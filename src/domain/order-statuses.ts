// An order's states (PRODUCT.md §6), declared once for the database column and the API contracts.
// `withdrawn`: an approved order its buyer withdrew and the operator refunded (decision 040); its
// ledger keeps the credits and gains reversing entries, and the orders trigger takes its tokens out
// of the sale's and the stages' figures as for any order that is no longer approved.

export const ORDER_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'withdrawn'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
