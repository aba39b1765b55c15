// Token delivery (issue 19): a distribution freezes the buyers' credits with their wallets, once the
// sale is over; its multisend CSV equals the ledger sums exactly in base units, its Merkle proofs
// verify with the library's own verifier, and approvals after the freeze go to the next one.
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DeliveryOverview } from '@/contracts/distribution';
import type { AdminOrder, Order } from '@/contracts/orders';
import { dec } from '@/domain/decimal';
import { cryptos, distributionRows, ledgerEntries, saleSettings } from '../../db/schema';
import { databaseKind, REGISTRATION, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
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

  async function sale() {
    operator = await signInOperator(t.app, t.database);
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '300000', address: WALLETS[0], enabled: true }).where(eq(cryptos.code, 'ETH'));
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
});
