// The payment networks, declared once: the database column, the API contracts and the address and
// payment rules all take their list from here.

export const NETWORKS = ['bitcoin', 'litecoin', 'dogecoin', 'evm', 'tron', 'solana', 'other'] as const;
export type Network = (typeof NETWORKS)[number];

/** Networks whose payments the server can watch: EVM chains by their endpoint, Bitcoin-family chains by an Esplora API, TRON by a TronGrid-compatible API. */
export const PAYMENT_NETWORKS = ['evm', 'bitcoin', 'litecoin', 'dogecoin', 'tron'] as const satisfies readonly Network[];

/** Networks whose pasted transaction hashes are looked up on an endpoint the operator sets (issue 13); EVM uses its chain's endpoint. */
export const LOOKUP_NETWORKS = ['bitcoin', 'tron', 'solana'] as const satisfies readonly Network[];
export type LookupNetwork = (typeof LOOKUP_NETWORKS)[number];
