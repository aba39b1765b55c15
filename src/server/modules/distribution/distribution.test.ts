// Token delivery (issue 19): a distribution freezes the buyers' credits with their wallets, once the
// sale is over; its multisend CSV equals the ledger sums exactly in base units, its Merkle proofs
// verify with the library's own verifier, and approvals after the freeze go to the next one.
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeliveryOverview, DistributionDetail, MyDelivery } from '@/contracts/distribution';
import type { AdminOrder, Order } from '@/contracts/orders';
import { dec } from '@/domain/decimal';
import { auditLog, cryptos, deliveries, distributionRows, ledgerEntries, saleSettings } from '../../db/schema';
import { databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { ALREADY_PUBLISHED, NO_WALLET_ROW, parseDeliveryCsv } from './deliveries.service';
import { NOTHING_TO_DISTRIBUTE, SALE_NOT_OVER } from './distribution.service';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
const WALLETS = ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'];

async function ledgerSum(t: TestContext, userId: number, upToSeq = Number.MAX_SAFE_INTEGER, fromSeq = 0): Promise<string> {
  const [row] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.seq} > ${fromSeq} and ${ledgerEntries.seq} <= ${upToSeq}`);
  return row?.sum ?? '0';
}

/** "1234.500000" tokens in base units of `decimals`, by string arithmetic alone. */
function units(tokens: string, decimals: number): string {
  const [whole = '0', fraction = ''] = tokens.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals)).toString();
}

describe(`token delivery (${databaseKind})`, () => {
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' });
  let operator: string;
  const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, payload: payload ?? (method === 'GET' ? undefined : {}) });
  const detailOf = async (id: number) => (await admin('GET', `/api/admin/distributions/${id}`)).json<DistributionDetail>();
  const myDelivery = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me/delivery', cookies: { [BUYER]: cookie } })).json<MyDelivery>();

  async function sale() {
    operator = await signInOperator(t.app, t.database);
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', usdPrice: '3000', address: WALLETS[0], enabled: true }).where(eq(cryptos.code, 'ETH'));
    const buyers = [];
    for (const [i, tokens] of ['1000', '2500.5', '700'].entries()) {
      const buyer = await registerBuyer(t.app, { email: `buyer${i}@example.com` });
      const made = (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto: 'ETH', tokens } })).json<Order>();
      const wallet = WALLETS[i];
      if (wallet) await t.app.inject({ method: 'PUT', url: '/api/me/wallet', cookies: { [BUYER]: buyer.cookie }, payload: { address: wallet, currentPassword: REGISTRATION.password } });
      buyers.push({ ...buyer, order: made });
    }
    // A second order of the first buyer stays pending: it is approved after the freeze.
    const late = (await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyers[0]?.cookie ?? '' }, payload: { crypto: 'ETH', tokens: '400' } })).json<Order>();
    const orders = (await admin('GET', '/api/admin/orders?pageSize=100')).json<{ orders: AdminOrder[] }>().orders;
    const idOf = (o: Order) => orders.find((a) => a.id === o.id)?.orderId ?? 0;
    for (const b of buyers) expect((await admin('POST', `/api/admin/orders/${idOf(b.order)}/approve`)).statusCode).toBe(200);
    return { buyers, approveLate: () => admin('POST', `/api/admin/orders/${idOf(late)}/approve`) };
  }

  async function endSale() {
    await t.database.db.update(saleSettings).set({ endsAt: new Date(Date.now() - 60_000) });
    t.app.saleFigures.invalidate();
  }

  it('freezes balances and wallets once the sale is over; the CSV equals the ledger in base units and the proofs verify', async () => {
    const { buyers } = await sale();
    const refused = await admin('POST', '/api/admin/distributions');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: SALE_NOT_OVER } });

    await endSale();
    const opened = await admin('POST', '/api/admin/distributions');
    expect(opened.statusCode, opened.body).toBe(200);
    const [first] = opened.json<DeliveryOverview>().distributions;
    expect(first).toMatchObject({ id: 1, fromSeq: 0, buyers: 3, missingWallets: 1, decimals: 18 });
    const sums = await Promise.all(buyers.map((b) => ledgerSum(t, b.id)));
    expect(first?.totalTokens).toBe(sums.reduce((a, b) => a.plus(dec(b)), dec(0)).toFixed());

    const csv = await admin('GET', '/api/admin/distributions/1/multisend.csv');
    expect(csv.body.trim().split('\r\n')).toEqual(['address,amount', `${WALLETS[0]},${units(sums[0] ?? '0', 18)}`, `${WALLETS[1]},${units(sums[1] ?? '0', 18)}`]);

    const merkle = (await admin('GET', '/api/admin/distributions/1/merkle.json')).json<{ root: string; claims: { address: string; amount: string; proof: string[] }[] }>();
    expect(merkle.root).toBe(first?.merkleRoot);
    expect(merkle.claims).toHaveLength(2);
    for (const claim of merkle.claims) expect(StandardMerkleTree.verify(merkle.root, ['address', 'uint256'], [claim.address, claim.amount], claim.proof)).toBe(true);
    expect(StandardMerkleTree.verify(merkle.root, ['address', 'uint256'], [WALLETS[0] ?? '', '1'], merkle.claims[0]?.proof ?? [])).toBe(false);

    const detail = (await admin('GET', '/api/admin/distributions/1')).json<{ rows: { email: string; wallet: string | null }[] }>();
    expect(detail.rows.map((r) => [r.email, r.wallet])).toEqual([
      ['buyer0@example.com', WALLETS[0]],
      ['buyer1@example.com', WALLETS[1]],
      ['buyer2@example.com', null],
    ]);
    // A distribution never changes.
    await expect(t.database.db.update(distributionRows).set({ wallet: WALLETS[1] })).rejects.toThrow();
  });

  it('sends approvals after the freeze to a second distribution, leaving the first as it was', async () => {
    const { buyers, approveLate } = await sale();
    await endSale();
    await admin('POST', '/api/admin/distributions');
    const again = await admin('POST', '/api/admin/distributions');
    expect(again.json()).toMatchObject({ error: { message: NOTHING_TO_DISTRIBUTE } });
    const before = await admin('GET', '/api/admin/distributions/1/multisend.csv');

    expect((await approveLate()).statusCode).toBe(200);
    const overview = (await admin('GET', '/api/admin/distributions')).json<DeliveryOverview>();
    expect(overview.undistributedTokens).not.toBe('0');
    const second = (await admin('POST', '/api/admin/distributions')).json<DeliveryOverview>().distributions[0];
    const first = overview.distributions[0];
    expect(second).toMatchObject({ id: 2, fromSeq: first?.upToSeq, buyers: 1, missingWallets: 0 });
    const late = await ledgerSum(t, buyers[0]?.id ?? 0, second?.upToSeq, first?.upToSeq);
    expect(second?.totalTokens).toBe(dec(late).toFixed());
    expect((await admin('GET', '/api/admin/distributions/2/multisend.csv')).body.trim().split('\r\n')[1]).toBe(`${WALLETS[0]},${units(late, 18)}`);
    expect((await admin('GET', '/api/admin/distributions/1/multisend.csv')).body).toBe(before.body);
  });

  it('keeps the token’s settings, checked at their fields', async () => {
    const { buyers } = await sale();
    const badContract = await admin('PUT', '/api/admin/distributions/token', { chainId: 1, tokenContract: WALLETS[0]?.toLowerCase().replace('0x5aaeb', '0x5AAeb'), decimals: 18 });
    expect(badContract.json()).toMatchObject({ error: { fields: { tokenContract: 'The address checksum is wrong: check it for typos.' } } });
    const fewDecimals = await admin('PUT', '/api/admin/distributions/token', { chainId: 1, tokenContract: null, decimals: 2 });
    expect(fewDecimals.json()).toMatchObject({ error: { fields: { decimals: 'Balances have 6 decimals: the token needs at least 6.' } } });
    const saved = await admin('PUT', '/api/admin/distributions/token', { chainId: 56, tokenContract: WALLETS[1], decimals: 6 });
    expect(saved.json<DeliveryOverview>().token).toEqual({ chainId: 56, tokenContract: WALLETS[1], decimals: 6 });

    await endSale();
    await admin('POST', '/api/admin/distributions');
    const sum = await ledgerSum(t, buyers[1]?.id ?? 0);
    expect((await admin('GET', '/api/admin/distributions/1/multisend.csv')).body).toContain(`${WALLETS[1]},${units(sum, 6)}`);
    expect((await admin('GET', '/api/admin/distributions/9')).statusCode).toBe(404);
  });

  it('carries the tokens of a buyer missing a wallet to the next distribution once they give one', async () => {
    const { buyers } = await sale();
    await endSale();
    await admin('POST', '/api/admin/distributions');
    const missing = buyers[2];
    if (!missing) throw new Error('three buyers');
    expect((await detailOf(1)).rows.find((r) => r.userId === missing.id)).toMatchObject({ state: 'missing', carriedTo: null });
    expect((await myDelivery(missing.cookie)).deliveries).toMatchObject([{ distributionId: 1, state: 'missing', wallet: null }]);

    // After the sale a first wallet applies at once (there was none to protect).
    const WALLET = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
    await t.app.inject({ method: 'PUT', url: '/api/me/wallet', cookies: { [BUYER]: missing.cookie }, payload: { address: WALLET, currentPassword: REGISTRATION.password } });
    const sum = await ledgerSum(t, missing.id);
    expect((await admin('GET', '/api/admin/distributions')).json<DeliveryOverview>()).toMatchObject({ undistributedTokens: '0', carryableTokens: dec(sum).toFixed() });

    const second = (await admin('POST', '/api/admin/distributions')).json<DeliveryOverview>().distributions[0];
    expect(second).toMatchObject({ id: 2, buyers: 1, missingWallets: 0, totalTokens: dec(sum).toFixed(), carriedTokens: dec(sum).toFixed() });
    expect(second?.upToSeq).toBe(second?.fromSeq);
    expect((await detailOf(1)).rows.find((r) => r.userId === missing.id)).toMatchObject({ state: 'carried', carriedTo: 2 });
    expect((await admin('GET', '/api/admin/distributions/2/multisend.csv')).body.trim().split('\r\n')).toEqual(['address,amount', `${WALLET},${units(sum, 18)}`]);
    expect((await admin('POST', '/api/admin/distributions')).json()).toMatchObject({ error: { message: NOTHING_TO_DISTRIBUTE } });

    // Over every distribution, what the ledger credited is delivered once: carried tokens are not counted twice.
    const all = (await admin('GET', '/api/admin/distributions')).json<DeliveryOverview>().distributions;
    const delivered = all.reduce((total, d) => total.plus(d.deliverableTokens), dec(0));
    const ledger = (await Promise.all(buyers.map((b) => ledgerSum(t, b.id)))).reduce((total, v) => total.plus(v), dec(0));
    expect(delivered.toFixed()).toBe(ledger.toFixed());
    expect(all.reduce((total, d) => total.plus(d.totalTokens).minus(d.carriedTokens), dec(0)).toFixed()).toBe(ledger.toFixed());
  });

  it('records deliveries one by one and from a multisend CSV, all or nothing, and shows each buyer theirs', async () => {
    const { buyers } = await sale();
    await admin('PUT', '/api/admin/distributions/token', { chainId: 1, tokenContract: null, decimals: 18 });
    await endSale();
    await admin('POST', '/api/admin/distributions');
    const [first, second, third] = buyers;
    if (!first || !second || !third) throw new Error('three buyers');
    const HASH = `0x${'ab'.repeat(32)}`;
    const OTHER_HASH = `0x${'cd'.repeat(32)}`;

    const badHash = await admin('POST', '/api/admin/distributions/1/deliveries', { userId: first.id, txHash: '0x1234' });
    expect(badHash.json()).toMatchObject({ error: { fields: { txHash: 'A transaction hash is 0x followed by 64 hex digits.' } } });
    const noWallet = await admin('POST', '/api/admin/distributions/1/deliveries', { userId: third.id, txHash: HASH });
    expect(noWallet.json()).toMatchObject({ error: { message: NO_WALLET_ROW } });
    const one = await admin('POST', '/api/admin/distributions/1/deliveries', { userId: first.id, txHash: HASH });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<DistributionDetail>().rows[0]).toMatchObject({ state: 'delivered', delivery: { txHash: HASH, explorerUrl: `https://etherscan.io/tx/${HASH}`, recordedBy: 'operator' } });
    expect((await admin('POST', '/api/admin/distributions/1/deliveries', { userId: first.id, txHash: OTHER_HASH })).statusCode).toBe(409);
    await expect(t.database.db.update(deliveries).set({ txHash: OTHER_HASH })).rejects.toThrow();
    await expect(t.database.db.delete(deliveries)).rejects.toThrow();

    // A line that matches no buyer, or contradicts a delivery, refuses the whole file.
    const STRANGER = '0x0000000000000000000000000000000000000001';
    const wrong = await admin('POST', '/api/admin/distributions/1/deliveries/import', { csv: `address,amount,tx\n${WALLETS[1]?.toLowerCase()},1,${OTHER_HASH}\n${STRANGER},1,${OTHER_HASH}\n${WALLETS[0]},1,${OTHER_HASH}` });
    expect(wrong.statusCode).toBe(400);
    const fields = wrong.json<{ error: { fields: { csv: string } } }>().error.fields.csv;
    expect(fields).toContain(`Line 3: no buyer of distribution 1 has the wallet ${STRANGER}.`);
    expect(fields).toContain(`Line 4: ${WALLETS[0]} was recorded as delivered in ${HASH} already.`);
    expect((await detailOf(1)).rows.find((r) => r.userId === second.id)?.state).toBe('to-deliver');

    const csv = `address,txHash\r\n"${WALLETS[1]?.toLowerCase()}","${OTHER_HASH}"\r\n${WALLETS[0]};${HASH}\r\n`;
    const imported = await admin('POST', '/api/admin/distributions/1/deliveries/import', { csv });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ recorded: 1, alreadyRecorded: 1 });
    expect((await admin('POST', '/api/admin/distributions/1/deliveries/import', { csv })).json()).toMatchObject({ recorded: 0, alreadyRecorded: 2 });
    expect((await admin('GET', '/api/admin/distributions')).json<DeliveryOverview>().distributions[0]).toMatchObject({ delivered: 2 });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'delivery.imported'))).toHaveLength(1);

    // Each buyer sees their own delivery, and only theirs.
    const mine = await myDelivery(second.cookie);
    expect(mine.deliveries).toEqual([
      expect.objectContaining({ distributionId: 1, wallet: WALLETS[1], state: 'delivered', delivery: expect.objectContaining({ txHash: OTHER_HASH, explorerUrl: `https://etherscan.io/tx/${OTHER_HASH}` }) as unknown }),
    ]);
    expect(JSON.stringify(mine)).not.toContain(WALLETS[0] ?? '');
  });

  it('publishes the Merkle root’s claim contract once; each buyer gets a proof the library verifies', async () => {
    const { buyers } = await sale();
    await admin('PUT', '/api/admin/distributions/token', { chainId: 56, tokenContract: null, decimals: 18 });
    await endSale();
    await admin('POST', '/api/admin/distributions');
    const CLAIM = '0x52908400098527886E0F7030069857D2E4169EE7';
    const bad = await admin('POST', '/api/admin/distributions/1/claim', { contract: '0x52908400098527886e0F7030069857D2E4169EE7', claimUrl: null });
    expect(bad.json()).toMatchObject({ error: { fields: { contract: 'The address checksum is wrong: check it for typos.' } } });
    expect(bad.statusCode).toBe(400);
    const badUrl = await admin('POST', '/api/admin/distributions/1/claim', { contract: CLAIM, claimUrl: 'http://claim.example.com' });
    expect(badUrl.json()).toMatchObject({ error: { fields: { claimUrl: 'The claim page’s address must start with https://.' } } });
    const published = await admin('POST', '/api/admin/distributions/1/claim', { contract: CLAIM, claimUrl: 'https://claim.example.com' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<DistributionDetail>()).toMatchObject({ distribution: { claim: { contract: CLAIM, claimUrl: 'https://claim.example.com', publishedBy: 'operator' } } });
    expect(published.json<DistributionDetail>().rows.map((r) => r.state)).toEqual(['claimable', 'claimable', 'missing']);
    expect((await admin('POST', '/api/admin/distributions/1/claim', { contract: CLAIM, claimUrl: null })).json()).toMatchObject({ error: { message: ALREADY_PUBLISHED } });

    const root = published.json<DistributionDetail>().distribution.merkleRoot ?? '';
    for (const [i, buyer] of buyers.slice(0, 2).entries()) {
      const [row] = (await myDelivery(buyer.cookie)).deliveries;
      expect(row).toMatchObject({ state: 'claimable', wallet: WALLETS[i], units: units(await ledgerSum(t, buyer.id), 18), claim: { contract: CLAIM, contractUrl: `https://bscscan.com/address/${CLAIM}`, chainId: 56, merkleRoot: root } });
      expect(StandardMerkleTree.verify(root, ['address', 'uint256'], [row?.wallet ?? '', row?.units ?? ''], row?.claim?.proof ?? [])).toBe(true);
    }
  });

  it('lets Viewers read distributions but not record deliveries', async () => {
    const { buyers } = await sale();
    await endSale();
    await admin('POST', '/api/admin/distributions');
    const viewer = await signInOperator(t.app, t.database, 'viewer', 'viewer password 1', 'viewer');
    const as = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, cookies: { [OPERATOR]: viewer }, ...(payload ? { payload } : {}) });
    expect((await as('GET', '/api/admin/distributions/1')).statusCode).toBe(200);
    expect((await as('POST', '/api/admin/distributions/1/deliveries', { userId: buyers[0]?.id, txHash: `0x${'ab'.repeat(32)}` })).statusCode).toBe(403);
    expect((await detailOf(1)).distribution.delivered).toBe(0);
  });
});

describe('a multisend report as deliveries', () => {
  const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const hash = `0x${'ab'.repeat(32)}`;
  it('finds the wallet and the hash in any column, skips the header and blank lines, and names each bad line', () => {
    expect(parseDeliveryCsv(`recipient;amount;hash\n\n${hash};1000;"${wallet.toLowerCase()}"\r\n${wallet}\t${hash}\n0x12,${hash}\n${wallet},0x34`)).toEqual({
      lines: [
        { line: 3, wallet: wallet.toLowerCase(), txHash: hash },
        { line: 4, wallet, txHash: hash },
      ],
      errors: ['Line 5: no wallet address (0x followed by 40 hex digits).', 'Line 6: no transaction hash (0x followed by 64 hex digits).'],
    });
  });
});

