// The payment networks, declared once: the database column, the API contracts and the address and
// payment rules all take their list from here.

export const NETWORKS = ['bitcoin', 'evm', 'tron', 'solana', 'other'] as const;
export type Network = (typeof NETWORKS)[number];
