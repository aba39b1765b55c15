// Litecoin payments against a real Litecoin Core (regtest, Debian's litecoind): its wallet pays a
// buyer's deposit address, replaces a payment by fee, and mines; Presale's watcher reads it all through
// the Esplora-compatible front of `test/litecoin-node.ts` and approves each order exactly once. The
// other Bitcoin-family tests sign with @scure/btc-signer on an in-memory chain; this one checks that
// what a real node and wallet produce (and how they replace a transaction) reads the same, on a chain
// with MWEB active as Litecoin's is (HogEx transactions in every block, MWEB's own in the mempool).
//
// Runs where litecoind is installed, and always in CI, which installs it (.ci/run): missing there, it fails.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@/contracts/orders';
import { deriveUtxoAddress, parseUtxoAccountKey, type UtxoAccountKey } from '@/domain/utxo/account-key';
import { parseCoins } from '@/domain/utxo/amount';
import { cryptos, ledgerEntries, payments } from '../../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../../test/harness';
import { hasLitecoind, startLitecoinNode, toRegtest, type LitecoinNode } from '../../../test/litecoin-node';

const BUYER = 'presale_session';
const OPERATOR = 'presale_operator_session';
/** Litecoin wallets export a zpub with Bitcoin's version bytes, for m/84'/2'/0'. */
const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };

describe.runIf(hasLitecoind() || process.env.CI)(`Litecoin payments from Litecoin Core (${databaseKind})`, { timeout: 120_000 }, () => {
  const t = useTestApp();
  let starting: Promise<LitecoinNode>;
  let ltc: LitecoinNode;
  let operator: string;
  let key: UtxoAccountKey;

  const admin = (method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) => t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload ? { payload } : {}) });
  const view = async (cookie: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, cookies: { [BUYER]: cookie } })).json<Order>();
  // A scan that could not read the node (its Esplora front timing out on a loaded machine) is what the
  // next scan repairs in production; these tests are about what a scan that reads it finds.
  const tick = async () => {
    for (let attempt = 1; ; attempt++) {
      const reports = await t.app.paymentWatch.runOnce();
      const failed = reports.find((r) => r.error);
      if (!failed) return reports;
      if (attempt === 5) throw new Error(`the watcher could not read the node five times in a row: ${String(failed.error)}`);
    }
  };
  const creditsOf = async (userId: number) => (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length;

  beforeAll(async () => {
    starting = startLitecoinNode();
    ltc = await starting;
  }, 120_000);

  afterAll(async () => {
    // Awaited again: a start that outlived its hook's timeout still ends in a node to stop.
    await starting.then(
      (node) => node.stop(),
      () => undefined,
    );
  });

  beforeEach(async () => {
    operator = await signInOperator(t.app, t.database);
    const account = HDKey.fromMasterSeed(randomBytes(32), ZPUB_VERSIONS).derive("m/84'/2'/0'");
    const parsed = parseUtxoAccountKey('litecoin', account.publicExtendedKey);
    if (!parsed.ok) throw new Error(parsed.message);
    key = parsed.key;
    // 1 LTC buys 1,000,000 tokens: 100 tokens cost 0.0001 LTC.
    await t.database.db.update(cryptos).set({ rateSource: 'manual', rate: '1000000', usdPrice: '10000', address: deriveUtxoAddress(key, 999), enabled: true }).where(eq(cryptos.code, 'LTC'));
    expect((await admin('PUT', '/api/admin/payments/utxo/litecoin/key', { xpub: account.publicExtendedKey })).statusCode).toBe(200);
    // The front answers as a Litecoin main-network Esplora, first block included: the settings accept it.
    const watcher = await admin('PUT', '/api/admin/payments/utxo/litecoin/watcher', { esploraUrl: ltc.esploraUrl, confirmations: 6, largeAbove: null, largeConfirmations: 6, tolerancePercent: '0.5', autoApproveUsd: '100000', requestsPerMinute: 100_000 });
    expect(watcher.statusCode, watcher.body).toBe(200);
    await tick(); // the watcher starts at the tip
  });

  async function placeOrder(): Promise<{ cookie: string; id: number; order: Order }> {
    const buyer = await registerBuyer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: buyer.cookie }, payload: { crypto: 'LTC', tokens: '100' } });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.address).toMatch(/^ltc1q/);
    return { cookie: buyer.cookie, id: buyer.id, order };
  }

  it('approves an order paid by Litecoin Core’s wallet once, at 6 confirmations, for the litoshis it sent', async () => {
    const buyer = await placeOrder();
    expect(buyer.order.address).toBe(deriveUtxoAddress(key, 0));
    // Beside it in the mempool, a transaction wholly inside MWEB, which pays no address Presale can watch.
    await ltc.sendInsideMweb();
    const txid = await ltc.rpc<string>('sendtoaddress', [toRegtest(buyer.order.address), buyer.order.payAmount]);
    await tick();
    let seen = await view(buyer.cookie, buyer.order.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment).toMatchObject({ required: 6, transfers: [{ txHash: txid, confirmations: 0, state: 'seen' }] });

    await ltc.mine(5);
    await tick();
    seen = await view(buyer.cookie, buyer.order.id);
    expect(seen.status).toBe('pending');
    expect(seen.payment?.transfers).toMatchObject([{ txHash: txid, confirmations: 5 }]);

    await ltc.mine(1);
    await tick();
    await tick();
    expect((await view(buyer.cookie, buyer.order.id)).status).toBe('approved');
    expect(await creditsOf(buyer.id)).toBe(2); // tokens and bonus, once
    const [stored] = await t.database.db.select().from(payments).where(eq(payments.txHash, txid));
    expect(stored).toMatchObject({ network: 'litecoin', toAddress: buyer.order.address, value: parseCoins(buyer.order.payAmount).toString(), state: 'confirmed' });
  });

  it('credits the replacement of a payment Litecoin Core bumped by fee, never the replaced one', async () => {
    const buyer = await placeOrder();
    const first = await ltc.rpc<string>('sendtoaddress', [toRegtest(buyer.order.address), buyer.order.payAmount, '', '', false, true]);
    await tick();
    expect((await view(buyer.cookie, buyer.order.id)).payment?.transfers).toMatchObject([{ txHash: first, confirmations: 0, state: 'seen' }]);

    // The wallet pays more fee from its change: the same output to the buyer's address, in a new transaction.
    const { txid: second } = await ltc.rpc<{ txid: string }>('bumpfee', [first]);
    expect(second).not.toBe(first);
    await tick();
    await tick(); // gone from the endpoint on two lookups in a row
    await ltc.mine(6);
    await tick();
    await tick();

    expect((await view(buyer.cookie, buyer.order.id)).status).toBe('approved');
    expect(await creditsOf(buyer.id)).toBe(2);
    const states = Object.fromEntries((await t.database.db.select().from(payments).where(eq(payments.toAddress, buyer.order.address))).map((p) => [p.txHash, p.state]));
    expect(states).toEqual({ [first]: 'reverted', [second]: 'confirmed' });
  });
});
