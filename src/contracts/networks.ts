// The network of a crypto, as every contract that names one spells it (cryptos, orders, transparency).
// Apart from cryptos.ts: the buyer's pages parse orders, and must not load the operator's crypto
// forms with them (their address checks bring the checksum code).
import { z } from 'zod';
import { NETWORKS } from '@/domain/networks';

export const networkSchema = z.enum(NETWORKS);
export type { Network } from '@/domain/networks';
