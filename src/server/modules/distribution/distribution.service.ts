// Token delivery (issue 19; decision 022): the token's chain, contract and decimals, and distributions.
// Opening one freezes, under the ledger chain's lock, every buyer's credits since the last
// distribution with the wallet they gave; its multisend CSV and its Merkle tree (OpenZeppelin's
// standard format, for a claim contract) come from those frozen rows only, so they never change.
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import type { DeliveryOverview, Distribution, TokenDeliveryBody } from '@/contracts/distribution';
import { addressProblem } from '@/domain/addresses';
import { dec, toPlain } from '@/domain/decimal';
import type { Actor } from '../../actor';
import { asIdentifier, writeCsv } from '../../csv';
import type { Db, Queryable } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import {
  findDistribution,
  findDistributionRows,
  findDistributions,
  findLastUpToSeq,
  findTokenDelivery,
  insertDistribution,
  lockLedgerHead,
  sumCreditsAfter,
  sumCreditsBetween,
  upsertTokenDelivery,
  type DistributionSummary,
} from './distribution.repository';

const LEAF_ENCODING = ['address', 'uint256'];

export const SALE_NOT_OVER = 'A distribution can be opened once the sale has ended or sold out.';
export const NOTHING_TO_DISTRIBUTE = 'Nothing to distribute: no tokens were credited since the last distribution.';

function toDistribution(d: DistributionSummary): Distribution {
  return {
    id: d.id,
    openedAt: d.openedAt.toISOString(),
    openedBy: d.openedByLogin,
    fromSeq: d.fromSeq,
    upToSeq: d.upToSeq,
    decimals: d.decimals,
    chainId: d.chainId,
    tokenContract: d.tokenContract,
    merkleRoot: d.merkleRoot,
    buyers: d.buyers,
    missingWallets: d.missingWallets,
    totalTokens: toPlain(dec(d.totalTokens)),
    deliverableTokens: toPlain(dec(d.deliverableTokens)),
  };
}

export async function getDeliveryOverview(db: Queryable, saleOver: boolean): Promise<DeliveryOverview> {
  const [token, list, last] = await Promise.all([findTokenDelivery(db), findDistributions(db), findLastUpToSeq(db)]);
  return { token, saleOver, undistributedTokens: toPlain(dec(await sumCreditsAfter(db, last))), distributions: list.map(toDistribution) };
}

export async function setTokenDelivery(db: Db, actor: Actor, body: TokenDeliveryBody, saleOver: boolean, now = new Date()): Promise<DeliveryOverview> {
  const contract = body.tokenContract?.trim() || null;
  if (contract) {
    const problem = addressProblem('evm', contract);
    if (problem) throw new AppError('invalid_input', problem, { tokenContract: problem });
  }
  await db.transaction(async (tx) => {
    const before = await findTokenDelivery(tx);
    const after = { chainId: body.chainId, tokenContract: contract, decimals: body.decimals };
    await upsertTokenDelivery(tx, after, now);
    await recordAudit(tx, actor, 'delivery.token', 'delivery:token', before, after);
  });
  return getDeliveryOverview(db, saleOver);
}

/** Freezes the credits since the last distribution into a new one; refused before the sale is over or with nothing new. */
export async function openDistribution(db: Db, actor: Actor, saleOver: boolean, now = new Date()): Promise<DeliveryOverview> {
  if (!saleOver) throw conflict(SALE_NOT_OVER);
  await db.transaction(async (tx) => {
    const head = await lockLedgerHead(tx);
    const from = await findLastUpToSeq(tx);
    const credits = head > from ? await sumCreditsBetween(tx, from, head) : [];
    if (credits.length === 0) throw conflict(NOTHING_TO_DISTRIBUTE);
    const token = await findTokenDelivery(tx);
    const scale = dec(10).pow(token.decimals);
    // Balances have 6 decimals and tokens at least 6: every amount is a whole number of base units.
    const rows = credits.map((c) => ({ ...c, tokens: toPlain(dec(c.tokens)), units: dec(c.tokens).times(scale).toFixed(0) }));
    const leaves = rows.flatMap((r) => (r.wallet ? [[r.wallet, r.units]] : []));
    const merkleRoot = leaves.length > 0 ? StandardMerkleTree.of(leaves, LEAF_ENCODING).root : null;
    const id = await insertDistribution(tx, { fromSeq: from, upToSeq: head, decimals: token.decimals, chainId: token.chainId, tokenContract: token.tokenContract, merkleRoot, openedBy: actor.id, openedAt: now }, rows);
    await recordAudit(tx, actor, 'delivery.distribution', `distribution:${id}`, null, { fromSeq: from, upToSeq: head, buyers: rows.length, merkleRoot });
  });
  return getDeliveryOverview(db, saleOver);
}

async function getDistribution(db: Queryable, id: number): Promise<DistributionSummary> {
  const found = await findDistribution(db, id);
  if (!found) throw notFound('There is no such distribution.');
  return found;
}

export async function getDistributionDetail(db: Queryable, id: number) {
  const distribution = await getDistribution(db, id);
  const rows = await findDistributionRows(db, id);
  return { distribution: toDistribution(distribution), rows: rows.map((r) => ({ ...r, tokens: toPlain(dec(r.tokens)) })) };
}

/** address,amount in base units, one line per buyer with a wallet: what multisend tools take. */
export async function multisendCsv(db: Queryable, id: number): Promise<string> {
  await getDistribution(db, id);
  const rows = (await findDistributionRows(db, id)).filter((r) => r.wallet !== null);
  return writeCsv([['address', 'amount'], ...rows.map((r) => [asIdentifier(r.wallet ?? ''), asIdentifier(r.units)])]);
}

/** The tree in OpenZeppelin's standard dump, and each wallet's amount and proof, for a claim contract. */
export async function merkleJson(db: Queryable, id: number) {
  const distribution = await getDistribution(db, id);
  const rows = (await findDistributionRows(db, id)).filter((r) => r.wallet !== null);
  if (rows.length === 0) return { root: null, leafEncoding: LEAF_ENCODING, tree: null, claims: [] };
  const tree = StandardMerkleTree.of(
    rows.map((r) => [r.wallet ?? '', r.units]),
    LEAF_ENCODING,
  );
  if (tree.root !== distribution.merkleRoot) throw new Error(`distribution ${id}: its rows no longer give the root it was opened with`);
  // A list, not a map by address: two buyers may have given the same wallet, each with a leaf of their own.
  const claims = [...tree.entries()].map(([i, [wallet, amount]]) => ({ address: String(wallet), amount: String(amount), proof: tree.getProof(i) }));
  return { root: tree.root, leafEncoding: LEAF_ENCODING, tree: tree.dump(), claims };
}
