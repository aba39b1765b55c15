// npm run verify-ledger -- <ledger.json | URL> [--head <seq>:<hash> …]
// Recomputes the ledger's hash chain from an export of /transparency (GET /api/transparency/ledger.json),
// checks it against the approved orders and the daily heads it lists, and against any head you saved
// earlier; prints the first entry that does not match. Needs no database and trusts nothing the
// server computed: the same check runs in the browser on /transparency.
import { loadJson as load } from './load-json';
import { ledgerExportSchema } from '@/contracts/transparency';
import { verifyLedger, type SavedHead } from '@/domain/ledger-chain';

const USAGE = 'Usage: npm run verify-ledger -- <ledger.json | https://…/api/transparency/ledger.json> [--head <seq>:<hash>]…';

function parseArgs(args: string[]): { source: string; heads: SavedHead[] } | string {
  const heads: SavedHead[] = [];
  let source: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--head') {
      const match = /^(\d+):([0-9a-f]{64})$/.exec(args[++i] ?? '');
      if (!match) return `--head takes <seq>:<hash>, e.g. 42:${'0'.repeat(64)}.`;
      heads.push({ seq: Number(match[1]), hash: match[2] ?? '' });
    } else if (!source) source = arg;
    else return USAGE;
  }
  return source ? { source, heads } : USAGE;
}

async function run(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  let parsed;
  try {
    parsed = ledgerExportSchema.safeParse(await load(args.source));
  } catch (e) {
    console.error(`Could not read ${args.source}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  if (!parsed.success) {
    console.error(`${args.source} is not a ledger export: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`);
    return 2;
  }
  const data = parsed.data;
  const check = verifyLedger({ entries: data.entries, head: data.head, orders: data.orders, savedHeads: [...data.dailyHeads, ...args.heads] });
  if (!check.ok) {
    console.error(`The ledger does not verify${check.seq === null ? '' : ` at entry ${check.seq}`}: ${check.problem}`);
    return 1;
  }
  console.log(
    `The ledger verifies: ${check.entries} entries, head ${check.head.seq}:${check.head.hash}; ` +
      `${data.orders.length} approved orders match their credits; ${data.dailyHeads.length} daily heads and ${args.heads.length} saved heads are in the chain.`,
  );
  return 0;
}

process.exitCode = await run();
