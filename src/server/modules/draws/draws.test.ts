// The provably fair prize draw (issue 31, decision 035) on a local Bitcoin chain (the Esplora test
// server): the block is committed in advance, the entries are frozen by the closing instant, and the
// winner the server picks is recomputed here from the published data alone, with Node's own SHA-256.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDraw, CurrentDraw, MyPrizes, PublishedDraw } from '@/contracts/draws';
import type { AdminOrder, Order } from '@/contracts/orders';
import type { AdminWithdrawals } from '@/contracts/withdrawals';
import type { OperatorActor } from '../../actor';
import { auditLog, bitcoinChains, cryptos, evmChains, mailOutbox, operators, prizeDraws, saleSettings, saleStages } from '../../db/schema';
import { chainClients, startAnvil } from '../../test/anvil';
import { startEsploraServer, type EsploraTestServer } from '../../test/esplora-server';
import { REGISTRATION, cookieValue, databaseKind, signInOperator, useTestApp } from '../../test/harness';
import { requestWithdrawal } from '../orders/withdrawal.service';
import { commitHeightFor } from './draws.service';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HOUR = 3600_000;

/** The rule of decision 035, written again from the published data with Node's own hash. */
function recompute(draw: PublishedDraw, blockHash: string) {
  const entriesHash = createHash('sha256').update(JSON.stringify(draw.entries.map((e) => [e.buyer, e.orderIds, e.entries])), 'utf8').digest('hex');
  const seed = createHash('sha256').update(Buffer.concat([Buffer.from(blockHash, 'hex'), Buffer.from(entriesHash, 'hex')])).digest();
  const total = draw.entries.reduce((s, e) => s + e.entries, 0);
  const ticket = Number(BigInt(`0x${seed.toString('hex')}`) % BigInt(total));
  let end = 0;
  const position = draw.entries.findIndex((e) => (end += e.entries) > ticket);
  return { entriesHash, ticket, position };
}

describe(`prize draws (${databaseKind})`, () => {
  const t = useTestApp();
  let chain: EsploraTestServer;
  let operator = '';

  beforeAll(async () => {
    chain = await startEsploraServer({ height: 150 });
  });
  afterAll(async () => chain.close());

  beforeEach(async () => {
    const db = t.database.db;
    await db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: ETH_WALLET, enabled: true }).where(eq(cryptos.code, 'ETH'));
    await db.delete(saleStages);
    await db.insert(saleStages).values({ position: 1, name: 'Stage 1', priceUsd: '0.01', allocation: '100000000' });
    await db.update(saleSettings).set({ hardCap: '100000000', priceUsd: '0.01' });
    await db.insert(bitcoinChains).values({ chain: 'bitcoin', esploraUrl: chain.url, confirmations: 2, largeConfirmations: 2 });
    operator = await signInOperator(t.app, t.database);
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) => t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload === undefined ? {} : { payload }) });
  const published = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/transparency/draws/${id}` })).json<PublishedDraw>();

  async function buyer(email: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...REGISTRATION, email } });
    expect(res.statusCode).toBe(201);
    return { id: res.json<{ id: number }>().id, cookie: cookieValue(res, BUYER) ?? '' };
  }

  /** An approved order of `tokens` at $0.01 each; returns its number (the id /transparency shows). */
  async function approved(cookie: string, tokens: string): Promise<number> {
    const created = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens } });
    expect(created.statusCode).toBe(201);
    const list = (await admin('GET', '/api/admin/orders')).json<{ orders: AdminOrder[] }>();
    const row = list.orders.find((o) => o.id === created.json<Order>().id);
    if (!row) throw new Error('order missing');
    expect((await admin('POST', `/api/admin/orders/${String(row.orderId)}/approve`, {})).statusCode).toBe(200);
    return row.orderId;
  }

  const drawBody = (overrides: Record<string, unknown> = {}) => {
    const now = Date.now();
    return {
      title: 'Win a CyberTruck',
      prize: 'A Tesla CyberTruck, delivered to your door',
      minUsd: '100',
      from: new Date(now - HOUR).toISOString(),
      to: new Date(now + HOUR).toISOString(),
      usdPerEntry: '',
      closesAt: new Date(now + HOUR).toISOString(),
      chain: 'bitcoin',
      ...overrides,
    };
  };

  it('commits to a block above the tip when made, and the draw cannot be re-pointed', async () => {
    const tip = chain.tip().height;
    const res = await admin('POST', '/api/admin/draws', drawBody());
    expect(res.statusCode).toBe(201);
    const draw = res.json<AdminDraw>();
    // An hour to the closing at ten minutes a block, stretched by a quarter, plus an hour: 14 blocks ahead.
    expect(draw.commitment).toMatchObject({ chain: 'bitcoin', tipAtCreation: tip, height: tip + 14, confirmations: 2 });
    expect(commitHeightFor(tip, 600, 3600)).toBe(tip + 14);
    expect(await published(draw.id)).toMatchObject({ state: 'open', entries: [], entriesHash: null, block: null, winner: null });

    // Only the text changes; a body naming anything else is refused, and the database refuses the rest.
    const text = await admin('PUT', `/api/admin/draws/${draw.id}/text`, { title: 'Win a truck', prize: 'A CyberTruck' });
    expect(text.json<AdminDraw>()).toMatchObject({ title: 'Win a truck', prize: 'A CyberTruck', commitment: { height: tip + 14 } });
    expect((await admin('PUT', `/api/admin/draws/${draw.id}/text`, { title: 'x', prize: 'y', commitHeight: tip + 1 })).statusCode).toBe(400);
    const db = t.database.db;
    await expect(db.update(prizeDraws).set({ commitHeight: tip + 1 }).where(eq(prizeDraws.id, draw.id))).rejects.toThrow();
    await expect(db.update(prizeDraws).set({ closesAt: new Date() }).where(eq(prizeDraws.id, draw.id))).rejects.toThrow();
    await expect(db.update(prizeDraws).set({ minUsd: '1' }).where(eq(prizeDraws.id, draw.id))).rejects.toThrow();
    await expect(db.delete(prizeDraws).where(eq(prizeDraws.id, draw.id))).rejects.toThrow();
    // A height at or below the tip is refused outright.
    await expect(db.insert(prizeDraws).values({ title: 'a', prize: 'b', minUsd: '0', windowFrom: new Date(0), windowTo: new Date(1), closesAt: new Date(2), chain: 'bitcoin', commitHeight: tip, tipAtCreation: tip, confirmations: 1 })).rejects.toThrow();

    // The prize's picture may change too; its type is read from its bytes.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1c1a10000000049454e44ae426082', 'hex');
    const image = await admin('PUT', `/api/admin/draws/${draw.id}/image`, { image: `data:image/png;base64,${png.toString('base64')}` });
    expect(image.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/api/draws/${draw.id}/image` });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const notImage = await admin('PUT', `/api/admin/draws/${draw.id}/image`, { image: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` });
    expect(notImage.json()).toMatchObject({ error: { fields: { image: 'Choose a PNG, JPEG, GIF or WebP image.' } } });
    const current = (await t.app.inject({ method: 'GET', url: '/api/draws/current' })).json<CurrentDraw>();
    expect(current.draw?.imageUrl).toMatch(new RegExp(`^/api/draws/${draw.id}/image\\?v=\\d+$`));

    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, `draw:${draw.id}`));
    expect(audit.map((a) => a.action).sort()).toEqual(['draw.created', 'draw.image', 'draw.text']);
  });

  it('refuses bad input field by field and a chain without an endpoint, and changes nothing', async () => {
    const bad = await admin('POST', '/api/admin/draws', drawBody({ minUsd: 'abc', to: new Date(Date.now() - 2 * HOUR).toISOString(), title: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: Record<string, string> } }>().error.fields).toMatchObject({ minUsd: expect.stringContaining('Minimum purchase') as unknown, title: 'Enter the title.' });
    const past = await admin('POST', '/api/admin/draws', drawBody({ from: new Date(Date.now() - 3 * HOUR).toISOString(), to: new Date(Date.now() - 2 * HOUR).toISOString(), closesAt: new Date(Date.now() - HOUR).toISOString() }));
    expect(past.json()).toMatchObject({ error: { fields: { closesAt: 'The draw must close in the future.' } } });
    const noEndpoint = await admin('POST', '/api/admin/draws', drawBody({ chain: '8453' }));
    expect(noEndpoint.json()).toMatchObject({ error: { fields: { chain: expect.stringContaining('no endpoint under Payments') as unknown } } });
    expect(await t.database.db.select().from(prizeDraws)).toEqual([]);
  });

  it('shows the current draw with its real count of entries, and none when there is no draw', async () => {
    const current = async () => (await t.app.inject({ method: 'GET', url: '/api/draws/current' })).json<CurrentDraw>();
    expect(await current()).toEqual({ draw: null });
    const ada = await buyer('ada@example.com');
    await approved(ada.cookie, '50000');
    await approved(ada.cookie, '1000'); // $10: below the minimum
    const created = (await admin('POST', '/api/admin/draws', drawBody({ usdPerEntry: '200' }))).json<AdminDraw>();
    expect(await current()).toMatchObject({ draw: { id: created.id, state: 'open', title: 'Win a CyberTruck', buyers: 1, entries: 2, winner: null, rules: { minUsd: '100', usdPerEntry: '200' } } });
    // Closed by its instant and frozen: shown waiting for its block, with the frozen count.
    await t.app.prizeDraw.runOnce(new Date(Date.now() + 2 * HOUR));
    expect(await current()).toMatchObject({ draw: { id: created.id, state: 'frozen', buyers: 1, entries: 2 } });
  });

  it('keeps the landing draw in process until an event changes it: a change, an approval, the job freezing and drawing', async () => {
    const current = async () => (await t.app.inject({ method: 'GET', url: '/api/draws/current' })).json<CurrentDraw>();
    const cache = t.app.currentDraw;
    expect(await current()).toEqual({ draw: null });
    const created = (await admin('POST', '/api/admin/draws', drawBody())).json<AdminDraw>();
    expect(await current()).toMatchObject({ draw: { id: created.id, state: 'open', buyers: 0, entries: 0 } });
    // Read once, then answered from memory.
    const reads = cache.reads;
    expect(await current()).toMatchObject({ draw: { buyers: 0 } });
    expect(cache.reads).toBe(reads);
    // A change made behind the server's back is not seen until an event says so.
    await t.database.db.update(prizeDraws).set({ title: 'Changed by hand' }).where(eq(prizeDraws.id, created.id));
    expect((await current()).draw?.title).toBe('Win a CyberTruck');
    t.app.events.publish({ type: 'draw' });
    expect((await current()).draw?.title).toBe('Changed by hand');

    // An approval adds an entry, and the operator's text change is seen at once.
    const ada = await buyer('ada@example.com');
    await approved(ada.cookie, '50000');
    expect(await current()).toMatchObject({ draw: { buyers: 1, entries: 1 } });
    await admin('PUT', `/api/admin/draws/${created.id}/text`, { title: 'Win a truck', prize: 'A CyberTruck' });
    expect(await current()).toMatchObject({ draw: { title: 'Win a truck', prize: 'A CyberTruck' } });
    // Time alone changes the answer at the closing instant, without an event; before it, it is open again.
    expect((await cache.get(new Date(created.rules.closesAt))).draw?.state).toBe('frozen');
    expect((await current()).draw?.state).toBe('open');

    // The job freezes and draws, and says so: the landing sees each at once.
    const closing = new Date(Date.now() + HOUR + 1000);
    expect((await t.app.prizeDraw.runOnce(closing)).frozen).toBe(1);
    const frozenReads = cache.reads;
    expect(await current()).toMatchObject({ draw: { state: 'frozen', buyers: 1, entries: 1 } });
    expect(cache.reads).toBe(frozenReads + 1);
    chain.mine(created.commitment.height + 1 - chain.tip().height);
    expect((await t.app.prizeDraw.runOnce(closing)).draws.map((d) => d.outcome)).toEqual(['drawn']);
    expect(await current()).toMatchObject({ draw: { state: 'drawn', winner: 'ad***@e***.com' } });
  });

  it('counts an order whose withdrawal right ran out by the closing and that nobody asked to withdraw before it, whenever the list is frozen', async () => {
    const [row] = await t.database.db.select({ id: operators.id }).from(operators).where(eq(operators.login, 'operator'));
    const actor: OperatorActor = { id: row?.id ?? 0, login: 'operator', role: 'owner', mustChangePassword: false, mustEnrolSecondFactor: false, identityAccess: false };
    /** An order of `tokens` approved at `at`; returns its public id. */
    const approvedAt = async (cookie: string, tokens: string, at: Date) => {
      const created = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens } });
      const order = (await admin('GET', '/api/admin/orders')).json<{ orders: AdminOrder[] }>().orders.find((o) => o.id === created.json<Order>().id);
      await t.app.orders.approve(actor, order?.orderId ?? 0, '', {}, at);
      return created.json<Order>().id;
    };
    expect((await admin('PUT', '/api/admin/withdrawals/settings', { enabled: true, days: 1 })).statusCode).toBe(200);
    const now = Date.now();
    const closesAt = now + 12 * HOUR;
    const res = await admin('POST', '/api/admin/draws', drawBody({ from: new Date(now - 3 * 24 * HOUR).toISOString(), to: new Date(now + HOUR).toISOString(), closesAt: new Date(closesAt).toISOString() }));
    expect(res.statusCode, res.body).toBe(201);
    const draw = res.json<AdminDraw>();
    const [ada, bob, cy] = await Promise.all(['ada@example.com', 'bob@example.org', 'cyril@example.net'].map(buyer));
    if (!ada || !bob || !cy) throw new Error('no buyers');
    // Ada's day to withdraw ended two days ago: her entry is hers to keep.
    await approvedAt(ada.cookie, '50000', new Date(now - 2 * 24 * HOUR));
    // Bob's ends before the closing, but he asked to withdraw before it: no entry, whatever the operator decides after.
    const bobOrder = await approvedAt(bob.cookie, '50000', new Date(now - 20 * HOUR));
    await requestWithdrawal(t.database.db, t.app.events, t.config.PUBLIC_URL, bob.id, bobOrder, new Date(now - HOUR));
    // Cyril's runs past the closing: he could withdraw once the winner is known, so no entry.
    await approvedAt(cy.cookie, '50000', new Date(now - 30 * 60_000));

    // The operator declines Bob's request after the closing, and the job freezes the list late.
    const [request] = (await admin('GET', '/api/admin/withdrawals')).json<AdminWithdrawals>().requests;
    expect((await admin('POST', `/api/admin/withdrawals/${String(request?.id ?? 0)}/decline`, { reason: 'The sale ended before your request.' })).statusCode).toBe(200);
    expect((await t.app.prizeDraw.runOnce(new Date(closesAt + 3 * HOUR))).frozen).toBe(1);
    expect((await published(draw.id)).entries.map((e) => e.buyer)).toEqual(['ad***@e***.com']);
  });

  it('freezes the entries at closing and picks the winner the published data recomputes to, for several draws', async () => {
    const buyers = await Promise.all(['ada@example.com', 'bob@example.org', 'cyril@example.net', 'dina@example.com'].map(buyer));
    const [ada, bob, cy, di] = buyers as [(typeof buyers)[number], (typeof buyers)[number], (typeof buyers)[number], (typeof buyers)[number]];
    const adaOrders = [await approved(ada.cookie, '50000'), await approved(ada.cookie, '30000')]; // $500 + $300
    const bobOrder = await approved(bob.cookie, '20000'); // $200
    await approved(cy.cookie, '5000'); // $50: below every minimum
    const diOrder = await approved(di.cookie, '100000'); // $1000

    const made = [];
    for (const body of [drawBody(), drawBody({ usdPerEntry: '100' }), drawBody({ minUsd: '400', usdPerEntry: '250' })]) {
      const res = await admin('POST', '/api/admin/draws', body);
      expect(res.statusCode).toBe(201);
      made.push(res.json<AdminDraw>());
    }
    // One whose window ended before these approvals: nobody takes part.
    const empty = (await admin('POST', '/api/admin/draws', drawBody({ from: new Date(Date.now() - 3 * HOUR).toISOString(), to: new Date(Date.now() - 2 * HOUR).toISOString() }))).json<AdminDraw>();

    // Before the closing instant nothing freezes, whenever the job runs.
    expect((await t.app.prizeDraw.runOnce(new Date())).frozen).toBe(0);
    const closing = new Date(Date.now() + HOUR + 1000);
    expect((await t.app.prizeDraw.runOnce(closing)).frozen).toBe(4);
    // A buyer approved after the closing changes nothing: the list is frozen.
    await approved(cy.cookie, '90000');

    const [plain, perHundred, bigOnly] = await Promise.all(made.map((d) => published(d.id)));
    if (!plain || !perHundred || !bigOnly) throw new Error('draws missing');
    expect(plain.entries).toEqual([
      { buyer: 'ad***@e***.com', orderIds: adaOrders, entries: 1 },
      { buyer: 'bo***@e***.org', orderIds: [bobOrder], entries: 1 },
      { buyer: 'di***@e***.com', orderIds: [diOrder], entries: 1 },
    ]);
    expect(perHundred.entries.map((e) => e.entries)).toEqual([8, 2, 10]);
    expect(bigOnly.entries).toEqual([
      { buyer: 'ad***@e***.com', orderIds: [adaOrders[0]], entries: 2 },
      { buyer: 'di***@e***.com', orderIds: [diOrder], entries: 4 },
    ]);
    expect(perHundred).toMatchObject({ state: 'frozen', totalEntries: 20, block: null, winner: null });
    for (const d of [plain, perHundred, bigOnly]) expect(d.entriesHash).toBe(recompute(d, '00'.repeat(32)).entriesHash);

    // The frozen list cannot be edited, added to or removed from.
    const db = t.database.db;
    await expect(db.execute(sql`update prize_draw_entries set entries = 99 where draw_id = ${made[0]?.id ?? 0}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from prize_draw_entries where draw_id = ${made[0]?.id ?? 0}`)).rejects.toThrow();
    await expect(db.execute(sql`insert into prize_draw_entries (draw_id, position, user_id, buyer, order_ids, entries) values (${made[0]?.id ?? 0}, 9, ${cy.id}, 'x', '[]', 1)`)).rejects.toThrow();

    // The committed block is not there yet, then it is but lacks a confirmation: no winner.
    const height = plain.commitment.height;
    chain.mine(height - chain.tip().height);
    expect((await t.app.prizeDraw.runOnce(closing)).draws.map((r) => r.outcome)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    chain.mine(1);
    const drawnAt = new Date(closing.getTime() + HOUR);
    expect((await t.app.prizeDraw.runOnce(drawnAt)).draws.map((r) => r.outcome)).toEqual(['drawn', 'drawn', 'drawn', 'drawn']);

    // The block at the committed height, read from the chain, and the published entries give the published winner.
    const blockHash = (await (await fetch(`${chain.url}/block-height/${height}`)).text()).trim();
    const winners: number[] = [];
    for (const d of made) {
      const p = await published(d.id);
      expect(p.block).toMatchObject({ height, hash: blockHash });
      const want = recompute(p, blockHash);
      expect(p.entriesHash).toBe(want.entriesHash);
      expect(p.winner).toEqual({ position: want.position, ticket: want.ticket, buyer: p.entries[want.position]?.buyer });
      const adminView = (await admin('GET', '/api/admin/draws')).json<{ draws: AdminDraw[] }>().draws.find((a) => a.id === d.id);
      const byMask: Record<string, number> = { 'ad***@e***.com': ada.id, 'bo***@e***.org': bob.id, 'di***@e***.com': di.id };
      expect(adminView?.winnerUserId).toBe(byMask[p.winner?.buyer ?? '']);
      winners.push(adminView?.winnerUserId ?? 0);
    }
    expect(await published(empty.id)).toMatchObject({ state: 'drawn', entries: [], totalEntries: 0, winner: null });
    const current = (await t.app.inject({ method: 'GET', url: '/api/draws/current' })).json<CurrentDraw>();
    expect(current.draw).toMatchObject({ state: 'drawn', winner: expect.stringMatching(/^(ad|bo|di)\*\*\*@/) as unknown });

    // Each winner is told once by e-mail and sees the prize on their dashboard; running again changes nothing.
    await t.app.prizeDraw.runOnce(new Date(drawnAt.getTime() + HOUR));
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'draw-won'));
    expect(mails.map((m) => m.userId).sort()).toEqual([...winners].sort());
    expect(mails[0]?.subject).toContain('You won');
    const firstWinner = [ada, bob, di].find((b) => b.id === winners[0]);
    const prizes = (await t.app.inject({ method: 'GET', url: '/api/me/prizes', cookies: { [BUYER]: firstWinner?.cookie ?? '' } })).json<MyPrizes>();
    expect(prizes.prizes.map((p) => p.id)).toContain(made[0]?.id);
    await expect(db.update(prizeDraws).set({ winnerUserId: cy.id }).where(eq(prizeDraws.id, made[0]?.id ?? 0))).rejects.toThrow();

    // The operator records the delivery once.
    const delivered = await admin('POST', `/api/admin/draws/${made[0]?.id ?? 0}/delivery`, { note: 'Delivered by DHL, tracking 123' });
    expect(delivered.json<AdminDraw>()).toMatchObject({ deliveryNote: 'Delivered by DHL, tracking 123' });
    expect((await admin('POST', `/api/admin/draws/${made[0]?.id ?? 0}/delivery`, { note: 'again' })).statusCode).toBe(409);
    expect((await admin('POST', `/api/admin/draws/${empty.id}/delivery`, { note: 'nobody' })).statusCode).toBe(409);

    // `npm run verify-draw` agrees, and names a tampered entry list.
    const dir = await mkdtemp(join(tmpdir(), 'presale-draw-'));
    const run = async (file: string) => {
      try {
        const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/verify-draw.ts', file]);
        return { code: 0, out: stdout };
      } catch (e) {
        const failed = e as { code: number; stderr: string };
        return { code: failed.code, out: failed.stderr };
      }
    };
    const good = join(dir, 'draw.json');
    await writeFile(good, JSON.stringify(await published(made[1]?.id ?? 0)));
    expect(await run(good)).toMatchObject({ code: 0, out: expect.stringContaining('The draw verifies: 3 buyers, 20 entries') as unknown });
    const tampered = await published(made[1]?.id ?? 0);
    const [first, second] = tampered.entries;
    if (!first || !second) throw new Error('entries missing');
    tampered.entries[0] = second;
    tampered.entries[1] = first;
    const bad = join(dir, 'tampered.json');
    await writeFile(bad, JSON.stringify(tampered));
    expect(await run(bad)).toMatchObject({ code: 1, out: expect.stringContaining('changed after it was frozen') as unknown });
  }, 60_000);

  it('commits to and draws with a block of an EVM chain, read on its Payments endpoint', async () => {
    const anvil = await startAnvil();
    try {
      const clients = chainClients(anvil);
      // A history twelve seconds a block, as on Ethereum: the height ahead follows from it.
      await clients.test.mine({ blocks: 100, interval: 12 });
      await t.database.db.insert(evmChains).values({ chainId: anvil.chainId, rpcUrl: anvil.url, confirmations: 3 });
      const ada = await buyer('ada@example.com');
      const bob = await buyer('bob@example.org');
      await approved(ada.cookie, '50000');
      await approved(bob.cookie, '30000');
      const tip = Number(await clients.public.getBlockNumber());
      const res = await admin('POST', '/api/admin/draws', drawBody({ chain: String(anvil.chainId) }));
      expect(res.statusCode).toBe(201);
      const draw = res.json<AdminDraw>();
      expect(draw.commitment).toMatchObject({ chain: 'evm', chainId: anvil.chainId, tipAtCreation: tip, confirmations: 3 });
      // An hour to the closing, stretched by a quarter, plus an hour, at about twelve seconds a block.
      expect(draw.commitment.height).toBeGreaterThanOrEqual(commitHeightFor(tip, 12.2, 3600));
      expect(draw.commitment.height).toBeLessThanOrEqual(commitHeightFor(tip, 11.8, 3600));

      const closing = new Date(Date.now() + HOUR + 1000);
      expect((await t.app.prizeDraw.runOnce(closing)).frozen).toBe(1);
      await clients.test.mine({ blocks: draw.commitment.height + 1 - tip });
      expect((await t.app.prizeDraw.runOnce(closing)).draws).toEqual([{ id: draw.id, outcome: 'waiting', detail: `tip ${draw.commitment.height + 1}` }]);
      await clients.test.mine({ blocks: 1 });
      expect((await t.app.prizeDraw.runOnce(closing)).draws).toEqual([{ id: draw.id, outcome: 'drawn' }]);

      const block = await clients.public.getBlock({ blockNumber: BigInt(draw.commitment.height) });
      const p = await published(draw.id);
      expect(p.block?.hash).toBe(block.hash.slice(2));
      const want = recompute(p, block.hash.slice(2));
      expect(p.winner).toMatchObject({ position: want.position, ticket: want.ticket });
    } finally {
      await anvil.stop();
    }
  }, 60_000);
});
