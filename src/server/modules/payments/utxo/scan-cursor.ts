// What the Bitcoin-family scanner remembers between scans, as the caller stores it (JSON), and the
// small helpers that order and name what it follows.
import { z } from 'zod';
import type { BlockHeader } from './esplora-client';

export interface BlockRef {
  height: number;
  hash: string;
}

const HASH = z.string().regex(/^[0-9a-f]{64}$/);
const blockRefSchema = z.object({ height: z.number().int().nonnegative(), hash: HASH });

/** The scanner's memory between scans, as the caller stores it (JSON: amounts as integer strings). */
export const scanCursorSchema = z.object({
  tip: blockRefSchema,
  /** The last blocks read, oldest first, ending with the tip: where a reorganisation began is found here. */
  recent: z.array(blockRefSchema).min(1),
  /** Payments not yet final: followed until buried under `keepRecent` blocks, or gone. */
  tracked: z.array(
    z.object({
      address: z.string().min(1),
      txid: HASH,
      units: z.string().regex(/^\d+$/),
      rbf: z.boolean(),
      block: blockRefSchema.nullable(),
      /** Lookups in a row that found the transaction nowhere. */
      misses: z.number().int().nonnegative(),
      /** The time of `block` (seconds since the epoch), as its header says; absent in cursors stored before it was kept. */
      blockTime: z.number().int().nullable().optional(),
    }),
  ),
});
export type ScanCursor = z.infer<typeof scanCursorSchema>;
export type Tracked = ScanCursor['tracked'][number];

export function ref(block: BlockHeader | BlockRef): BlockRef {
  return { height: block.height, hash: block.hash };
}

export const key = (p: { txid: string; address: string }) => `${p.txid}:${p.address}`;

/** By address, then mined before unconfirmed (oldest block first), then txid, then gone last. */
export function byPosition(a: { address: string; txid: string; block: BlockRef | null }, b: { address: string; txid: string; block: BlockRef | null }): number {
  if (a.address !== b.address) return a.address < b.address ? -1 : 1;
  const ha = a.block?.height ?? Number.MAX_SAFE_INTEGER;
  const hb = b.block?.height ?? Number.MAX_SAFE_INTEGER;
  if (ha !== hb) return ha - hb;
  return a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : 0;
}
