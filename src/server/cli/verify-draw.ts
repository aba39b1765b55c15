// npm run verify-draw -- <draw.json | URL>
// Recomputes a prize draw from what /transparency publishes (GET /api/transparency/draws/{id}, offered
// there as draw.json): the entries hash from the entry list, then the winner from the committed block's
// hash and that entries hash (src/domain/prize-draw.ts, decision 035). Needs no database and trusts
// nothing the server computed; check the block's hash at its height on any explorer of the chain.
import { loadJson as load } from './load-json';
import { publishedDrawSchema } from '@/contracts/draws';
import { verifyDraw } from '@/domain/prize-draw';

const USAGE = 'Usage: npm run verify-draw -- <draw.json | https://…/api/transparency/draws/{id}>';

async function run(): Promise<number> {
  const [source, ...rest] = process.argv.slice(2);
  if (!source || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let parsed;
  try {
    parsed = publishedDrawSchema.safeParse(await load(source));
  } catch (e) {
    console.error(`Could not read ${source}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  if (!parsed.success) {
    console.error(`${source} is not a published draw: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`);
    return 2;
  }
  const draw = parsed.data;
  const check = await verifyDraw(draw);
  if (!check.ok) {
    console.error(`The draw does not verify: ${check.problem}`);
    return 1;
  }
  const chain = draw.commitment.chain === 'bitcoin' ? 'Bitcoin' : `EVM chain ${String(draw.commitment.chainId)}`;
  const committed = `committed to ${chain} block ${draw.commitment.height} when the tip was ${draw.commitment.tipAtCreation}`;
  if (check.state === 'open') console.log(`Draw ${draw.id} is open: ${committed}; its entries are frozen at ${draw.rules.closesAt}.`);
  else if (check.state === 'frozen') console.log(`Draw ${draw.id} is frozen: ${draw.entries.length} buyers, ${String(draw.totalEntries)} entries, entries hash ${String(check.entriesHash)}; ${committed}, not yet drawn.`);
  else if (check.position === null) console.log(`Draw ${draw.id} verifies: nobody took part; ${committed}.`);
  else {
    console.log(
      `The draw verifies: ${draw.entries.length} buyers, ${String(draw.totalEntries)} entries, entries hash ${String(check.entriesHash)}; ` +
        `block ${draw.block?.height ?? ''} ${draw.block?.hash ?? ''} (${committed}); seed ${String(check.seed)}; ` +
        `ticket ${String(check.ticket)} is entry ${check.position + 1}, ${draw.entries[check.position]?.buyer ?? ''}. Check the block's hash at that height on any explorer.`,
    );
  }
  return 0;
}

process.exitCode = await run();
