// How many blocks one scan may read: each chain family keeps up with its fastest chain whatever the
// interval between ticks (PAYMENT_WATCH_SECONDS, 0 to 3,600), with room to catch up.
import { describe, expect, it } from 'vitest';
import { blocksPerTick } from './chain-watcher';
import { evmBlocksPerTick } from './evm/evm-watcher.service';
import { tronBlocksPerTick } from './tron/tron-watcher.service';
import { utxoBlocksPerTick } from './utxo/utxo-watcher.service';

describe('blocks per tick', () => {
  it('reads twice what the chain makes between ticks, and never fewer than the least', () => {
    expect(blocksPerTick(15, 3, 20)).toBe(20);
    expect(blocksPerTick(120, 3, 20)).toBe(80);
    expect(blocksPerTick(100, 3, 20)).toBe(67);
  });

  it.each([
    ['EVM (Arbitrum One, 4 blocks a second)', evmBlocksPerTick, 0.25, 100],
    ['the Bitcoin family (Dogecoin, a block a minute)', utxoBlocksPerTick, 60, 10],
    ['TRON (a block every 3 seconds)', tronBlocksPerTick, 3, 20],
  ])('keeps %s read up to its tip at any interval', (_name, perTick, blockSeconds, least) => {
    for (const seconds of [0, 1, 15, 60, 120, 600, 1800, 3600]) {
      expect(perTick(seconds)).toBeGreaterThanOrEqual(least);
      expect(perTick(seconds) * blockSeconds).toBeGreaterThanOrEqual(2 * seconds);
    }
  });
});
