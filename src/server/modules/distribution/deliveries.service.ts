// Delivery records (issue 19; decision 022): the operator records the transaction that sent each
// buyer's tokens, one by one or from the multisend tool's CSV of (address, transaction hash), or
// publishes the distribution's Merkle root to a claim contract; each buyer's Token Hub then shows
// "Delivered in 0x…" or their proof. Records are appended, never changed, and audited.
import type { BuyerDelivery, ClaimBody, DeliveryBody, DistributionDetail, MyDelivery } from '@/contracts/distribution';
import { addressProblem } from '@/domain/addresses';
import { dec, toPlain } from '@/domain/decimal';
import { explorerAddressUrl, explorerTxUrl } from '@/domain/payment';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { insertClaim, insertDeliveries } from './deliveries.repository';
import { findBuyerRows, findDistributionRows, findTokenDelivery, type FrozenRow } from './distribution.repository';
import { getDistribution, getDistributionDetail, stateOf, treeOf } from './distribution.service';

export const NO_WALLET_ROW = 'This buyer gave no wallet before this distribution was opened: their tokens go to the next distribution once they give one.';
export const NO_SUCH_ROW = 'This buyer has no tokens in this distribution.';
export const ALREADY_PUBLISHED = 'This distribution’s claim contract was published already; it never changes.';
export const NO_ROOT = 'No buyer of this distribution has a wallet: there is no Merkle root to publish.';
const alreadyDelivered = (hash: string) => `Recorded as delivered in ${hash} already; a delivery never changes.`;

/** Records that one buyer's tokens of the distribution were sent in `txHash`. */
export async function recordDelivery(db: Db, actor: Actor, distributionId: number, body: DeliveryBody, now = new Date()): Promise<DistributionDetail> {
  await getDistribution(db, distributionId);
  const txHash = body.txHash.trim();
  await db.transaction(async (tx) => {
    const row = (await findDistributionRows(tx, distributionId)).find((r) => r.userId === body.userId);
    if (!row) throw notFound(NO_SUCH_ROW);
    if (row.wallet === null) throw conflict(NO_WALLET_ROW);
    if (row.txHash !== null) throw conflict(alreadyDelivered(row.txHash), { txHash: alreadyDelivered(row.txHash) });
    if ((await insertDeliveries(tx, [{ distributionId, userId: row.userId, txHash, recordedBy: actor.id, recordedAt: now }])) === 0) throw conflict('Recorded as delivered by someone else a moment ago.');
    await recordAudit(tx, actor, 'delivery.recorded', `distribution:${distributionId}`, null, { userId: row.userId, wallet: row.wallet, units: row.units, txHash });
  });
  return getDistributionDetail(db, distributionId);
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ERRORS_SHOWN = 10;

interface ImportLine {
  line: number;
  wallet: string;
  txHash: string;
}

/**
 * The transfers in a CSV as multisend tools report them: on each line a wallet address and a
 * transaction hash, in any column order, separated by commas, semicolons or tabs; a header line and
 * other columns (the amount) are ignored. Returns the lines, or what is wrong with them.
 */
export function parseDeliveryCsv(csv: string): { lines: ImportLine[]; errors: string[] } {
  const lines: ImportLine[] = [];
  const errors: string[] = [];
  csv.split(/\r\n|\n|\r/).forEach((text, i) => {
    const cells = text
      .split(/[,;\t]/)
      .map((c) => c.trim().replace(/^"(.*)"$/, '$1').trim())
      .filter((c) => c !== '');
    if (cells.length === 0) return;
    const wallet = cells.find((c) => ADDRESS.test(c));
    const txHash = cells.find((c) => TX_HASH.test(c));
    if (!wallet && !txHash && lines.length === 0 && errors.length === 0) return; // the header
    if (!wallet) errors.push(`Line ${i + 1}: no wallet address (0x followed by 40 hex digits).`);
    else if (!txHash) errors.push(`Line ${i + 1}: no transaction hash (0x followed by 64 hex digits).`);
    else lines.push({ line: i + 1, wallet, txHash });
  });
  return { lines, errors };
}

/**
 * Records the deliveries of a multisend tool's CSV: each line's hash for every row of the
 * distribution with that wallet. All or nothing: a line that matches no row, or contradicts a
 * delivery recorded before, refuses the file. Lines recorded already with the same hash are
 * counted, not repeated, so a file can be imported again.
 */
export async function importDeliveries(db: Db, actor: Actor, distributionId: number, csv: string, now = new Date()) {
  await getDistribution(db, distributionId);
  const { lines, errors } = parseDeliveryCsv(csv);
  const outcome = await db.transaction(async (tx) => {
    const rows = await findDistributionRows(tx, distributionId);
    const byWallet = new Map<string, FrozenRow[]>();
    for (const r of rows) if (r.wallet) byWallet.set(r.wallet.toLowerCase(), [...(byWallet.get(r.wallet.toLowerCase()) ?? []), r]);
    const hashOf = new Map<string, { hash: string; line: number }>();
    const todo: { userId: number; txHash: string; wallet: string }[] = [];
    let alreadyRecorded = 0;
    for (const { line, wallet, txHash } of lines) {
      const key = wallet.toLowerCase();
      const seen = hashOf.get(key);
      if (seen) {
        if (seen.hash.toLowerCase() !== txHash.toLowerCase()) errors.push(`Line ${line}: ${wallet} is on line ${seen.line} already, with another transaction.`);
        continue;
      }
      hashOf.set(key, { hash: txHash, line });
      const matched = byWallet.get(key);
      if (!matched) {
        errors.push(`Line ${line}: no buyer of distribution ${distributionId} has the wallet ${wallet}.`);
        continue;
      }
      for (const r of matched) {
        if (r.txHash === null) todo.push({ userId: r.userId, txHash, wallet: r.wallet ?? wallet });
        else if (r.txHash.toLowerCase() === txHash.toLowerCase()) alreadyRecorded++;
        else errors.push(`Line ${line}: ${wallet} was recorded as delivered in ${r.txHash} already.`);
      }
    }
    if (errors.length > 0) {
      const more = errors.length > ERRORS_SHOWN ? ` …and ${errors.length - ERRORS_SHOWN} more.` : '';
      const message = `${errors.length === 1 ? 'A line' : `${errors.length} lines`} of the CSV could not be used; nothing was recorded.`;
      throw new AppError('invalid_input', message, { csv: `${errors.slice(0, ERRORS_SHOWN).join(' ')}${more}` });
    }
    if (todo.length === 0 && alreadyRecorded === 0) throw new AppError('invalid_input', 'The CSV holds no transfer.', { csv: 'The CSV holds no transfer: a wallet address and a transaction hash per line.' });
    const recorded = await insertDeliveries(
      tx,
      todo.map((t) => ({ distributionId, userId: t.userId, txHash: t.txHash, recordedBy: actor.id, recordedAt: now })),
    );
    if (recorded !== todo.length) throw conflict('Some of these deliveries were recorded by someone else a moment ago: nothing was recorded; import the file again.');
    if (recorded > 0) await recordAudit(tx, actor, 'delivery.imported', `distribution:${distributionId}`, null, { recorded, deliveries: todo });
    return { recorded, alreadyRecorded };
  });
  return { ...outcome, detail: await getDistributionDetail(db, distributionId) };
}

/** Publishes the distribution's Merkle root's claim contract: its buyers with a wallet are shown their proof. */
export async function publishClaim(db: Db, actor: Actor, distributionId: number, body: ClaimBody, now = new Date()): Promise<DistributionDetail> {
  const distribution = await getDistribution(db, distributionId);
  const contract = body.contract.trim();
  const problem = addressProblem('evm', contract);
  if (problem) throw new AppError('invalid_input', problem, { contract: problem });
  if (distribution.merkleRoot === null) throw conflict(NO_ROOT);
  const claimUrl = body.claimUrl?.trim() || null;
  await db.transaction(async (tx) => {
    if (!(await insertClaim(tx, { distributionId, contract, claimUrl, publishedBy: actor.id, publishedAt: now }))) throw conflict(ALREADY_PUBLISHED);
    await recordAudit(tx, actor, 'delivery.claim_published', `distribution:${distributionId}`, null, { contract, claimUrl, merkleRoot: distribution.merkleRoot, chainId: distribution.chainId });
  });
  return getDistributionDetail(db, distributionId);
}

async function toBuyerDelivery(db: Queryable, row: FrozenRow): Promise<BuyerDelivery> {
  const distribution = await getDistribution(db, row.distributionId);
  const state = stateOf(row, distribution.claim !== null);
  let claim: BuyerDelivery['claim'] = null;
  if (state === 'claimable' && distribution.claim && distribution.merkleRoot && row.wallet) {
    const tree = await treeOf(db, distribution);
    const wallet = row.wallet;
    const leaf = tree ? [...tree.entries()].find(([, [w, units]]) => w === wallet && units === row.units) : undefined;
    if (tree && leaf) {
      claim = {
        contract: distribution.claim.contract,
        contractUrl: explorerAddressUrl('evm', distribution.chainId, distribution.claim.contract),
        claimUrl: distribution.claim.claimUrl,
        chainId: distribution.chainId,
        merkleRoot: distribution.merkleRoot,
        proof: tree.getProof(leaf[0]),
      };
    }
  }
  return {
    distributionId: row.distributionId,
    openedAt: distribution.openedAt.toISOString(),
    tokens: toPlain(dec(row.tokens)),
    units: row.units,
    wallet: row.wallet,
    state,
    carriedTo: row.wallet === null ? row.carriedTo : null,
    delivery: row.txHash && row.recordedAt ? { txHash: row.txHash, explorerUrl: explorerTxUrl('evm', distribution.chainId, row.txHash), recordedAt: row.recordedAt.toISOString() } : null,
    claim,
  };
}

/** The buyer's tokens in each distribution: delivered (with the transaction), claimable (with the proof), or waiting. */
export async function getMyDelivery(db: Queryable, userId: number): Promise<MyDelivery> {
  const [token, rows] = await Promise.all([findTokenDelivery(db), findBuyerRows(db, userId)]);
  const deliveries: BuyerDelivery[] = [];
  for (const row of rows) deliveries.push(await toBuyerDelivery(db, row));
  return { token: { ...token, contractUrl: token.tokenContract ? explorerAddressUrl('evm', token.chainId, token.tokenContract) : null }, deliveries };
}
