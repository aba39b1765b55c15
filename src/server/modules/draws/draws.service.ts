// The provably fair prize draw (issue 31, decision 035). Made with its rules and a committed future
// block; at its closing instant the qualifying buyers are frozen into entries and their hash published;
// once the committed block has its confirmations, its hash and the entries hash pick the winner
// (src/domain/prize-draw.ts, the same code the browser and `npm run verify-draw` run).
import { DRAW_IMAGE_INVALID, DRAW_IMAGE_MAX_BYTES, DRAW_IMAGE_TOO_LARGE, DRAW_SHOWN_AFTER_DAYS, type AdminDraw, type CreateDrawBody, type CurrentDraw, type DrawTextBody, type MyPrizes, type PublishedDraw } from '@/contracts/draws';
import { IMAGE_TYPES } from '@/contracts/common';
import { plain } from '@/domain/decimal';
import { maskEmail } from '@/domain/mask';
import { drawWinner, hashDrawEntries, normalBlockHash, ticketsFor, totalTickets, type DrawEntry } from '@/domain/prize-draw';
import { AUTOMATIC, type Actor, type OperatorActor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import { readUpload } from '../../uploads';
import { recordAudit } from '../audit/audit.service';
import { drawWonMail, greetingName, mailContext, queueMailsOnce } from '../mail/mail.service';
import { findBlockSource, type BlockSource, type DrawChain } from '../payments/block-source.service';
import {
  findDraw,
  findDrawImage,
  findDrawEntries,
  findDrawIdsToFreeze,
  findDraws,
  findFrozenUndrawn,
  findCurrentDraw,
  findPrizesWon,
  findQualifyingBuyers,
  findUserContact,
  insertDraw,
  insertDrawEntries,
  lockDrawToFreeze,
  markDrawDelivered,
  markDrawDrawn,
  markDrawFrozen,
  markDrawNotified,
  updateDrawImage,
  updateDrawText,
  type DrawEntryRow,
  type DrawListRow,
} from './draws.repository';

/** Finds the block source of a chain; tests may hand in their own. */
export type BlockSources = (db: Queryable, chain: DrawChain) => Promise<BlockSource | null>;

/**
 * Blocks beyond the closing instant's expected height: the committed block must come after the entry
 * list is frozen, so the estimate is stretched by a quarter and an hour is added. A later block only
 * delays the draw; an earlier one would be known before the list closes.
 */
export function commitHeightFor(tip: number, blockSeconds: number, secondsToClose: number): number {
  return tip + Math.max(1, Math.ceil((secondsToClose * 1.25 + 3600) / blockSeconds));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function stateOf(d: DrawListRow): PublishedDraw['state'] {
  return d.drawnAt ? 'drawn' : d.frozenAt ? 'frozen' : 'open';
}

function rulesOf(d: DrawListRow) {
  return { minUsd: plain(d.minUsd), from: d.windowFrom.toISOString(), to: d.windowTo.toISOString(), usdPerEntry: d.usdPerEntry === null ? null : plain(d.usdPerEntry), closesAt: d.closesAt.toISOString() };
}

function commitmentOf(d: DrawListRow) {
  return { chain: d.chain, chainId: d.chainId, height: d.commitHeight, tipAtCreation: d.tipAtCreation, confirmations: d.confirmations, createdAt: d.createdAt.toISOString() };
}

const publicEntry = (e: DrawEntryRow): DrawEntry => ({ buyer: e.buyer, orderIds: e.orderIds, entries: e.entries });

function published(d: DrawListRow, entries: DrawEntryRow[]): PublishedDraw {
  const winner = d.winnerPosition === null ? undefined : entries[d.winnerPosition];
  return {
    format: 'presale-draw-1',
    id: d.id,
    title: d.title,
    prize: d.prize,
    state: stateOf(d),
    rules: rulesOf(d),
    commitment: commitmentOf(d),
    entries: entries.map(publicEntry),
    entriesHash: d.entriesHash,
    frozenAt: iso(d.frozenAt),
    totalEntries: d.totalEntries,
    block: d.blockHash && d.blockTime ? { height: d.commitHeight, hash: d.blockHash, time: d.blockTime.toISOString() } : null,
    winner: winner && d.winnerTicket !== null ? { position: winner.position, ticket: d.winnerTicket, buyer: winner.buyer } : null,
    drawnAt: iso(d.drawnAt),
    deliveredAt: iso(d.deliveredAt),
  };
}

async function adminView(db: Queryable, d: DrawListRow): Promise<AdminDraw> {
  const { format: _format, ...rest } = published(d, await findDrawEntries(db, d.id));
  const winner = d.winnerUserId === null ? undefined : await findUserContact(db, d.winnerUserId);
  return { ...rest, winnerUserId: d.winnerUserId, winnerEmail: winner?.email ?? null, notifiedAt: iso(d.notifiedAt), deliveryNote: d.deliveryNote, updatedAt: d.updatedAt.toISOString() };
}

/** The entries the rules give now: one per qualifying buyer, with their tickets. */
async function entriesFor(db: Queryable, d: DrawListRow): Promise<Omit<DrawEntryRow, 'drawId'>[]> {
  const buyers = await findQualifyingBuyers(db, { minUsd: d.minUsd, from: d.windowFrom, to: d.windowTo, closesAt: d.closesAt });
  return buyers.map((b, position) => ({ position, userId: b.userId, buyer: maskEmail(b.email), orderIds: b.orderIds.map(Number), entries: ticketsFor(b.usd, d.usdPerEntry) }));
}

export async function createDraw(db: Db, actor: OperatorActor, body: CreateDrawBody, now: Date, sources: BlockSources = findBlockSource): Promise<AdminDraw> {
  const closesAt = new Date(body.closesAt);
  if (closesAt.getTime() <= now.getTime()) throw invalid('The draw must close in the future.', { closesAt: 'The draw must close in the future.' });
  const chain: DrawChain = body.chain === 'bitcoin' ? { chain: 'bitcoin' } : { chain: 'evm', chainId: Number(body.chain) };
  const source = await sources(db, chain);
  if (!source) throw invalid('That chain has no endpoint under Payments.', { chain: 'That chain has no endpoint under Payments: add it there first, or choose another.' });
  let tip: number;
  try {
    tip = await source.tipHeight();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw invalid(`The chain's endpoint could not be read: ${reason}`, { chain: `The chain's endpoint could not be read (${reason}). Try again, or choose another chain.` });
  }
  const commitHeight = commitHeightFor(tip, source.blockSeconds, (closesAt.getTime() - now.getTime()) / 1000);
  return db.transaction(async (tx) => {
    const row = await insertDraw(tx, {
      title: body.title,
      prize: body.prize,
      minUsd: body.minUsd,
      windowFrom: new Date(body.from),
      windowTo: new Date(body.to),
      usdPerEntry: body.usdPerEntry === '' ? null : body.usdPerEntry,
      closesAt,
      chain: chain.chain,
      chainId: chain.chain === 'evm' ? chain.chainId : null,
      commitHeight,
      tipAtCreation: tip,
      confirmations: source.confirmations,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    const view = await adminView(tx, row);
    await recordAudit(tx, actor, 'draw.created', `draw:${row.id}`, null, { title: view.title, prize: view.prize, rules: view.rules, commitment: view.commitment });
    return view;
  });
}

/** Only the title and the prize's description change after a draw is made. */
export async function changeDrawText(db: Db, actor: Actor, id: number, body: DrawTextBody, now: Date): Promise<AdminDraw> {
  return db.transaction(async (tx) => {
    const before = await findDraw(tx, id);
    if (!before) throw notFound('No prize draw has this id.');
    const text = { title: body.title, prize: body.prize };
    const row = await updateDrawText(tx, id, text, now);
    if (!row) throw notFound('No prize draw has this id.');
    await recordAudit(tx, actor, 'draw.text', `draw:${id}`, { title: before.title, prize: before.prize }, text);
    return adminView(tx, row);
  });
}

/** The prize's picture, the other thing that may change after a draw is made; its type is read from its bytes. */
export async function changeDrawImage(db: Db, actor: Actor, id: number, dataUrl: string, now: Date): Promise<AdminDraw> {
  const file = readUpload(dataUrl, { maxBytes: DRAW_IMAGE_MAX_BYTES, types: IMAGE_TYPES, tooLarge: DRAW_IMAGE_TOO_LARGE, invalid: DRAW_IMAGE_INVALID });
  if (!file.ok) throw invalid(file.message, { image: file.message });
  const { data: image, mime: imageType } = file;
  return db.transaction(async (tx) => {
    const row = await updateDrawImage(tx, id, { image, imageType }, now);
    if (!row) throw notFound('No prize draw has this id.');
    await recordAudit(tx, actor, 'draw.image', `draw:${id}`, null, { image: { type: imageType, bytes: image.length } });
    return adminView(tx, row);
  });
}

export async function getDrawImage(db: Queryable, id: number): Promise<{ image: Buffer; imageType: string }> {
  const found = await findDrawImage(db, id);
  if (!found) throw notFound('This draw has no image.');
  return found;
}

export async function recordPrizeDelivery(db: Db, actor: OperatorActor, id: number, note: string, now: Date): Promise<AdminDraw> {
  return db.transaction(async (tx) => {
    const before = await findDraw(tx, id);
    if (!before) throw notFound('No prize draw has this id.');
    if (before.winnerUserId === null) throw conflict('This draw has no winner yet.', { note: 'This draw has no winner yet: record the delivery once it is drawn.' });
    if (before.deliveredAt) throw conflict('The delivery of this prize is already recorded.', { note: 'The delivery of this prize is already recorded.' });
    const row = await markDrawDelivered(tx, id, { deliveredAt: now, deliveryNote: note, deliveredBy: actor.id });
    if (!row) throw conflict('The delivery of this prize is already recorded.');
    await recordAudit(tx, actor, 'draw.delivered', `draw:${id}`, null, { note, winnerUserId: row.winnerUserId });
    return adminView(tx, row);
  });
}

export async function getAdminDraws(db: Queryable): Promise<{ draws: AdminDraw[] }> {
  const rows = await findDraws(db);
  return { draws: await Promise.all(rows.map((r) => adminView(db, r))) };
}

export async function getPublishedDraws(db: Queryable) {
  const rows = await findDraws(db);
  return { draws: rows.map((d) => ({ id: d.id, title: d.title, prize: d.prize, state: stateOf(d), closesAt: d.closesAt.toISOString(), commitHeight: d.commitHeight, chain: d.chain, chainId: d.chainId })) };
}

export async function getPublishedDraw(db: Queryable, id: number): Promise<PublishedDraw> {
  const row = await findDraw(db, id);
  if (!row) throw notFound('No prize draw has this id.');
  return published(row, row.frozenAt ? await findDrawEntries(db, id) : []);
}

/** The draw for the landing page: an open one's entries are counted now by its rules, a closed one's are the frozen list. */
export async function getCurrentDraw(db: Queryable, now: Date): Promise<CurrentDraw> {
  const row = await findCurrentDraw(db, now, new Date(now.getTime() - DRAW_SHOWN_AFTER_DAYS * 24 * 3600_000));
  if (!row) return { draw: null };
  const entries = row.frozenAt ? await findDrawEntries(db, row.id) : await entriesFor(db, row);
  const winner = row.winnerPosition === null ? undefined : entries[row.winnerPosition];
  return {
    draw: {
      id: row.id,
      title: row.title,
      prize: row.prize,
      state: row.drawnAt ? 'drawn' : row.frozenAt || row.closesAt <= now ? 'frozen' : 'open',
      imageUrl: row.imageType ? `/api/draws/${row.id}/image?v=${row.updatedAt.getTime()}` : null,
      rules: rulesOf(row),
      commitment: commitmentOf(row),
      buyers: entries.length,
      entries: totalTickets(entries),
      winner: winner?.buyer ?? null,
      drawnAt: iso(row.drawnAt),
    },
  };
}

export async function getMyPrizes(db: Queryable, userId: number): Promise<MyPrizes> {
  const rows = await findPrizesWon(db, userId);
  return { prizes: rows.map((d) => ({ id: d.id, title: d.title, prize: d.prize, drawnAt: (d.drawnAt ?? d.createdAt).toISOString(), deliveredAt: iso(d.deliveredAt), deliveryNote: d.deliveryNote })) };
}

/**
 * Freezes each draw whose closing instant has passed: its entries are the approved orders of its
 * window, judged by their approval instants, so the list is the same whenever this runs.
 */
export async function freezeDueDraws(db: Db, now: Date): Promise<number> {
  let frozen = 0;
  for (const id of await findDrawIdsToFreeze(db, now)) {
    const done = await db.transaction(async (tx) => {
      const draw = await lockDrawToFreeze(tx, id, now);
      if (!draw) return false;
      const entries = await entriesFor(tx, draw);
      await insertDrawEntries(tx, entries.map((e) => ({ drawId: id, ...e })));
      const entriesHash = await hashDrawEntries(entries);
      const totalEntries = totalTickets(entries);
      await markDrawFrozen(tx, id, { frozenAt: now, entriesHash, totalEntries });
      await recordAudit(tx, AUTOMATIC, 'draw.frozen', `draw:${id}`, null, { entriesHash, buyers: entries.length, totalEntries });
      return true;
    });
    if (done) frozen++;
  }
  return frozen;
}

export interface DrawReport {
  id: number;
  outcome: 'drawn' | 'waiting' | 'no-endpoint' | 'error';
  detail?: string;
}

/**
 * Draws each frozen draw whose committed block has its confirmations: reads the block's hash and
 * picks the winner with the domain's rule, writes it once, tells the winner by e-mail.
 */
export async function drawDueDraws(db: Db, now: Date, publicUrl: string, sources: BlockSources = findBlockSource): Promise<DrawReport[]> {
  const reports: DrawReport[] = [];
  for (const draw of await findFrozenUndrawn(db)) {
    const source = await sources(db, draw.chain === 'evm' && draw.chainId !== null ? { chain: 'evm', chainId: draw.chainId } : { chain: 'bitcoin' });
    if (!source) {
      reports.push({ id: draw.id, outcome: 'no-endpoint' });
      continue;
    }
    try {
      const tip = await source.tipHeight();
      if (tip < draw.commitHeight + draw.confirmations - 1) {
        reports.push({ id: draw.id, outcome: 'waiting', detail: `tip ${tip}` });
        continue;
      }
      const block = await source.blockAt(draw.commitHeight);
      const blockHash = normalBlockHash(block.hash);
      const entries = await findDrawEntries(db, draw.id);
      const won = await drawWinner(blockHash, entries.map(publicEntry));
      if (won && won.entriesHash !== draw.entriesHash) throw new Error(`draw ${draw.id}: the stored entries no longer hash to the published hash`);
      const winner = won ? entries[won.position] : undefined;
      await db.transaction(async (tx) => {
        const wrote = await markDrawDrawn(tx, draw.id, {
          blockHash,
          blockTime: block.time,
          drawnAt: now,
          winnerPosition: won?.position ?? null,
          winnerTicket: won?.ticket ?? null,
          winnerUserId: winner?.userId ?? null,
        });
        if (!wrote) return;
        await recordAudit(tx, AUTOMATIC, 'draw.drawn', `draw:${draw.id}`, null, { block: { height: draw.commitHeight, hash: blockHash }, seed: won?.seed ?? null, ticket: won?.ticket ?? null, position: won?.position ?? null, winnerUserId: winner?.userId ?? null });
        if (winner) await queueWinnerMail(tx, { ...draw, winnerUserId: winner.userId }, publicUrl, now);
      });
      reports.push({ id: draw.id, outcome: 'drawn' });
    } catch (error) {
      reports.push({ id: draw.id, outcome: 'error', detail: error instanceof Error ? error.message : String(error) });
    }
  }
  return reports;
}

async function queueWinnerMail(tx: Queryable, draw: DrawListRow & { winnerUserId: number }, publicUrl: string, now: Date): Promise<void> {
  const user = await findUserContact(tx, draw.winnerUserId);
  if (!user) return;
  const context = await mailContext(tx, publicUrl);
  const mail = await drawWonMail(context, greetingName(user), { title: draw.title, prize: draw.prize, blockHeight: draw.commitHeight }, { dashboard: `${publicUrl}/dashboard`, proof: `${publicUrl}/transparency#draw-${draw.id}` });
  await queueMailsOnce(tx, [{ kind: 'draw-won', to: user.email, userId: draw.winnerUserId, dedupeKey: `draw-won:${draw.id}`, ...mail }], now);
  await markDrawNotified(tx, draw.id, now);
}
