// Token delivery (issue 19; decision 022): the token's chain, contract and decimals, and distributions.
// Opening one freezes, under the ledger chain's lock, every buyer's credits since the last
// distribution with the wallet they gave; its multisend CSV and its Merkle tree (OpenZeppelin's
// standard format, for a claim contract) come from those frozen rows only, so they never change.
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import type { DeliveryOverview, DeliveryState, Distribution, DistributionDetail, DistributionRowView, TokenDeliveryBody } from '@/contracts/distribution';
import { addressProblem } from '@/domain/addresses';
import { dec, toPlain } from '@/domain/decimal';
import { explorerTxUrl } from '@/domain/payment';
import type { Actor } from '../../actor';
import { asIdentifier, writeCsv } from '../../csv';
import type { Db, Queryable } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { countPendingWalletChanges } from '../wallets/wallets.service';
import {
  findDistribution,
  findDistributionRows,
  findDistributions,
  findLastUpToSeq,
  findLeaves,
  findTokenDelivery,
  insertDistribution,
  lockLedgerHead,
  sumCarryable,
  sumCreditsAfter,
  sumCreditsBetween,
  upsertTokenDelivery,
  type DistributionSummary,
  type FrozenRow,
} from './distribution.repository';

export const LEAF_ENCODING = ['address', 'uint256'];

export const SALE_NOT_OVER = 'A distribution can be opened once the sale has ended or sold out.';
export const NOTHING_TO_DISTRIBUTE = 'Nothing to distribute: no tokens were credited since the last distribution, and no buyer who was missing a wallet has given one since.';

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
    carriedTokens: toPlain(dec(d.carriedTokens)),
    deliverableTokens: toPlain(dec(d.deliverableTokens)),
    delivered: d.delivered,
    claim: d.claim ? { ...d.claim, publishedAt: d.claim.publishedAt.toISOString() } : null,
  };
}

export async function getDeliveryOverview(db: Queryable, saleOver: boolean): Promise<DeliveryOverview> {
  const [token, list, last, carryable, pendingWalletChanges] = await Promise.all([findTokenDelivery(db), findDistributions(db), findLastUpToSeq(db), sumCarryable(db), countPendingWalletChanges(db)]);
  return {
    token,
    saleOver,
    undistributedTokens: toPlain(dec(await sumCreditsAfter(db, last))),
    carryableTokens: toPlain(carryable.reduce((sum, c) => sum.plus(c.tokens), dec(0))),
    pendingWalletChanges,
    distributions: list.map(toDistribution),
  };
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

/**
 * Freezes the credits since the last distribution into a new one, with the tokens of earlier missing
 * rows whose buyers have given a wallet since (carried); refused before the sale is over or with
 * nothing new.
 */
export async function openDistribution(db: Db, actor: Actor, saleOver: boolean, now = new Date()): Promise<DeliveryOverview> {
  if (!saleOver) throw conflict(SALE_NOT_OVER);
  await db.transaction(async (tx) => {
    const head = await lockLedgerHead(tx);
    const from = await findLastUpToSeq(tx);
    const credits = head > from ? await sumCreditsBetween(tx, from, head) : [];
    const carryable = await sumCarryable(tx);
    if (credits.length === 0 && carryable.length === 0) throw conflict(NOTHING_TO_DISTRIBUTE);
    const token = await findTokenDelivery(tx);
    const scale = dec(10).pow(token.decimals);
    const byBuyer = new Map<number, { userId: number; wallet: string | null; tokens: string; carried: string }>();
    for (const c of credits) byBuyer.set(c.userId, { ...c, carried: '0' });
    for (const c of carryable) {
      const credited = byBuyer.get(c.userId);
      byBuyer.set(c.userId, { userId: c.userId, wallet: c.wallet, tokens: dec(credited?.tokens ?? '0').plus(c.tokens).toFixed(), carried: c.tokens });
    }
    // Balances have 6 decimals and tokens at least 6: every amount is a whole number of base units.
    const rows = [...byBuyer.values()]
      .sort((a, b) => a.userId - b.userId)
      .map((r) => ({ ...r, tokens: toPlain(dec(r.tokens)), carried: toPlain(dec(r.carried)), units: dec(r.tokens).times(scale).toFixed(0) }));
    const leaves = rows.flatMap((r) => (r.wallet ? [[r.wallet, r.units]] : []));
    const merkleRoot = leaves.length > 0 ? StandardMerkleTree.of(leaves, LEAF_ENCODING).root : null;
    const id = await insertDistribution(tx, { fromSeq: from, upToSeq: head, decimals: token.decimals, chainId: token.chainId, tokenContract: token.tokenContract, merkleRoot, openedBy: actor.id, openedAt: now }, rows);
    const carried = carryable.reduce((sum, c) => sum.plus(c.tokens), dec(0));
    await recordAudit(tx, actor, 'delivery.distribution', `distribution:${id}`, null, { fromSeq: from, upToSeq: head, buyers: rows.length, carriedTokens: toPlain(carried), merkleRoot });
  });
  return getDeliveryOverview(db, saleOver);
}

/** The distribution, or a 404. */
export async function getDistribution(db: Queryable, id: number): Promise<DistributionSummary> {
  const found = await findDistribution(db, id);
  if (!found) throw notFound('There is no such distribution.');
  return found;
}

export function stateOf(row: Pick<FrozenRow, 'wallet' | 'carriedTo' | 'txHash'>, claimed: boolean): DeliveryState {
  if (row.wallet === null) return row.carriedTo === null ? 'missing' : 'carried';
  if (row.txHash !== null) return 'delivered';
  return claimed ? 'claimable' : 'to-deliver';
}

function toRowView(r: FrozenRow, d: DistributionSummary): DistributionRowView {
  return {
    userId: r.userId,
    email: r.email,
    wallet: r.wallet,
    tokens: toPlain(dec(r.tokens)),
    carried: toPlain(dec(r.carried)),
    units: r.units,
    state: stateOf(r, d.claim !== null),
    carriedTo: r.wallet === null ? r.carriedTo : null,
    delivery: r.txHash && r.recordedAt ? { txHash: r.txHash, explorerUrl: explorerTxUrl('evm', d.chainId, r.txHash), recordedAt: r.recordedAt.toISOString(), recordedBy: r.recordedBy } : null,
  };
}

export async function getDistributionDetail(db: Queryable, id: number): Promise<DistributionDetail> {
  const distribution = await getDistribution(db, id);
  const rows = await findDistributionRows(db, id);
  return { distribution: toDistribution(distribution), rows: rows.map((r) => toRowView(r, distribution)) };
}

const trees = new Map<string, StandardMerkleTree<string[]>>();
const TREES_KEPT = 16;

/**
 * The distribution's tree, rebuilt from its frozen rows, which must give the root it was opened with
 * (else something changed them, and no proof may be handed out). Kept by root: a distribution never
 * changes, so the same root is the same tree.
 */
export async function treeOf(db: Queryable, distribution: Pick<DistributionSummary, 'id' | 'merkleRoot'>): Promise<StandardMerkleTree<string[]> | null> {
  if (distribution.merkleRoot === null) return null;
  const kept = trees.get(distribution.merkleRoot);
  if (kept) return kept;
  const tree = StandardMerkleTree.of(
    (await findLeaves(db, distribution.id)).map((l) => [l.wallet, l.units]),
    LEAF_ENCODING,
  );
  if (tree.root !== distribution.merkleRoot) throw new Error(`distribution ${distribution.id}: its rows no longer give the root it was opened with`);
  if (trees.size >= TREES_KEPT) trees.delete(trees.keys().next().value ?? '');
  trees.set(tree.root, tree);
  return tree;
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
  const tree = await treeOf(db, distribution);
  if (!tree) return { root: null, leafEncoding: LEAF_ENCODING, tree: null, claims: [] };
  // A list, not a map by address: two buyers may have given the same wallet, each with a leaf of their own.
  const claims = [...tree.entries()].map(([i, [wallet, amount]]) => ({ address: String(wallet), amount: String(amount), proof: tree.getProof(i) }));
  return { root: tree.root, leafEncoding: LEAF_ENCODING, tree: tree.dump(), claims };
}
