// P5, Bitcoin line (issue 13): the Bitcoin scanner against the Esplora-compatible test server. 10,000
// watched addresses derived from a BIP-84 test zpub, blocks of real signed transactions paying some
// of them, and a scan after each block: Esplora requests per new block, per idle scan, and the time
// from a block being mined to the scan that reports its payments. In-process, over loopback HTTP.
import { deriveUtxoAddress, parseUtxoAccountKey } from '../src/domain/utxo/account-key';
import { defaultConfirmationPolicy } from '../src/domain/utxo/confirmation-policy';
import type { ScanCursor } from '../src/server/modules/payments/utxo/scan-cursor';
import { UtxoScanner } from '../src/server/modules/payments/utxo/utxo-scanner';
import { EsploraClient } from '../src/server/modules/payments/utxo/esplora-client';
import { startEsploraServer, TestWallet } from '../src/server/test/esplora-server';

// BIP-84's published test vector: a real account key with no money behind it.
const TEST_ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

export interface BitcoinScanBenchResult {
  watchedAddresses: number;
  /** Addresses with an open order, polled for unconfirmed payments on every scan. */
  awaited: number;
  blocks: number;
  paymentsPerBlock: number;
  found: number;
  requestsPerBlock: { p50: number; max: number };
  requestsPerIdleScan: number;
  detectionAfterBlockMs: { p50: number; p99: number; max: number };
  target: string;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function measureBitcoinScanner(quick: boolean): Promise<BitcoinScanBenchResult> {
  const watchedCount = quick ? 500 : 10_000;
  const blocks = quick ? 5 : 50;
  const perBlock = 20;
  const parsed = parseUtxoAccountKey('bitcoin', TEST_ZPUB);
  if (!parsed.ok) throw new Error(parsed.message);
  const addresses = Array.from({ length: watchedCount }, (_, i) => deriveUtxoAddress(parsed.key, i));

  const server = await startEsploraServer({ height: 200 });
  try {
    const payer = new TestWallet(server);
    // Coins for every payment, minted before the first scan (each in a block of its own).
    const coins = Array.from({ length: blocks * perBlock }, () => payer.fund(100_000n));
    const scanner = new UtxoScanner(new EsploraClient({ baseUrl: server.url }), defaultConfirmationPolicy('bitcoin'));
    // Addresses awaiting a payment are polled for unconfirmed ones on every scan; say 1 % have an open order.
    const watch = { addresses, mempool: addresses.slice(0, Math.ceil(watchedCount / 100)) };
    let cursor: ScanCursor = (await scanner.scan(watch)).cursor;

    const perBlockRequests: number[] = [];
    const detection: number[] = [];
    let found = 0;
    for (let b = 0; b < blocks; b++) {
      const txids = coins.slice(b * perBlock, (b + 1) * perBlock).map((coin, i) => payer.send(coin, [{ address: addresses[(b * perBlock + i * 97) % watchedCount] ?? '', units: 50_000n }]));
      server.mine(1);
      const minedAt = performance.now();
      const result = await scanner.scan(watch, cursor);
      detection.push(performance.now() - minedAt);
      perBlockRequests.push(result.calls);
      cursor = result.cursor;
      found += result.payments.filter((p) => txids.includes(p.txid) && p.confirmations >= 1).length;
    }
    const idle = await scanner.scan(watch, cursor);
    perBlockRequests.sort((x, y) => x - y);
    detection.sort((x, y) => x - y);
    return {
      watchedAddresses: watchedCount,
      awaited: watch.mempool.length,
      blocks,
      paymentsPerBlock: perBlock,
      found,
      // Each block here holds its payments, the funding coinbases' blocks and little else: a real block of
      // ~3,000 transactions costs ~120 pages, whatever the number of addresses watched.
      requestsPerBlock: { p50: pct(perBlockRequests, 50), max: perBlockRequests.at(-1) ?? 0 },
      requestsPerIdleScan: idle.calls,
      detectionAfterBlockMs: { p50: Math.round(pct(detection, 50)), p99: Math.round(pct(detection, 99)), max: Math.round(detection.at(-1) ?? 0) },
      target: 'reading a block costs requests by its size, not by the addresses watched; a scan also polls each awaited address once',
    };
  } finally {
    await server.close();
  }
}
