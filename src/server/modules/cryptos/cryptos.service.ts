import type { z } from 'zod';
import type { AdminCrypto, createCryptoBodySchema, updateCryptoBodySchema } from '@/contracts/admin';
import type { PublicCrypto } from '@/contracts/cryptos';
import { COIN_DECIMALS } from '@/domain/bitcoin/chains';
import { dec } from '@/domain/decimal';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import type { Actor } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import {
  deleteCryptoRow,
  findCrypto,
  findCryptoForUpdate,
  findTokenContracts,
  insertCrypto,
  isCryptoUsedByOrders,
  listCryptos,
  lockEvmCryptos,
  setEvmAddress,
  updateCrypto,
  type CryptoInsert,
  type CryptoRow,
} from './cryptos.repository';
import { isOffered, toAdminCrypto, toPublicCrypto } from './cryptos.mapper';

export type { CryptoRow } from './cryptos.repository';

type CreateBody = z.output<typeof createCryptoBodySchema>;
type UpdateBody = z.output<typeof updateCryptoBodySchema>;

/** What the audit log keeps of a crypto: everything the operator can change. */
function auditView(row: CryptoRow) {
  return {
    code: row.code,
    name: row.name,
    network: row.network,
    chainId: row.chainId,
    tokenContract: row.tokenContract,
    decimals: row.decimals,
    priceFeedId: row.priceFeedId,
    rateSource: row.rateSource,
    rate: row.rate,
    address: row.address,
    enabled: row.enabled,
  };
}

function columns(body: UpdateBody): Omit<CryptoInsert, 'code'> {
  return {
    name: body.fullName,
    network: body.network,
    chainId: body.chainId,
    tokenContract: body.tokenContract || null,
    // Bitcoin amounts are whole satoshis: 8 decimals, whatever the form sent.
    decimals: body.network === 'bitcoin' ? COIN_DECIMALS : body.decimals,
    priceFeedId: body.priceFeedId || null,
    rateSource: body.rateSource,
    address: body.address || null,
    enabled: body.enabled,
  };
}

export class CryptoService {
  constructor(
    private readonly db: Db,
    private readonly maxAgeMinutes: number,
  ) {}

  async listAdmin(now = new Date()): Promise<AdminCrypto[]> {
    return (await listCryptos(this.db)).map((r) => toAdminCrypto(r, now, this.maxAgeMinutes));
  }

  async listOffered(): Promise<PublicCrypto[]> {
    return (await listCryptos(this.db)).filter(isOffered).map(toPublicCrypto);
  }

  /** `walletChange` may refuse a new wallet address (who may set one is the route's to say). */
  async create(actor: Actor, body: CreateBody, walletChange: () => Promise<void> = async () => {}): Promise<AdminCrypto> {
    const taken = `${body.currency} already exists.`;
    if (body.address !== '') await walletChange();
    try {
      const row = await this.db.transaction(async (tx) => {
        const created = await insertCrypto(tx, { code: body.currency, ...columns(body), rate: body.rate, rateUpdatedAt: new Date() });
        await recordAudit(tx, actor, 'crypto.created', `crypto:${created.code}`, null, auditView(created));
        return created;
      });
      return toAdminCrypto(row, new Date(), this.maxAgeMinutes);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(taken, { currency: taken });
      throw e;
    }
  }

  async update(actor: Actor, code: string, body: UpdateBody, walletChange: () => Promise<void> = async () => {}): Promise<AdminCrypto> {
    // Asked before the transaction (it reads the session): a change of address found inside it
    // that was not asked about is refused rather than made.
    const current = await findCrypto(this.db, code);
    const asked = current !== undefined && current.address !== body.address;
    if (asked) await walletChange();
    const row = await this.db.transaction(async (tx) => {
      const before = await findCryptoForUpdate(tx, code);
      if (!before) throw notFound(`No crypto ${code.toUpperCase()}.`);
      if (before.address !== body.address && !asked) throw conflict('The wallet address changed meanwhile: reload and try again.');
      // Compared as numbers: the form sends "9000000" for the stored "9000000.000000".
      const sameRate = before.rate !== null && dec(before.rate).eq(body.rate);
      // The stored USD price is kept only while it still explains the rate: the same number, from the
      // feed. A typed rate is an override until the next refresh, and a token-price change makes it
      // stale (see recomputeFeedRates): it was typed for the old price.
      const keepsFeedPrice = sameRate && before.rateSource === 'feed';
      const after = await updateCrypto(tx, before.code, {
        ...columns(body),
        ...(sameRate ? {} : { rate: body.rate, rateUpdatedAt: new Date() }),
        ...(keepsFeedPrice ? {} : { usdPrice: null }),
      });
      await recordAudit(tx, actor, 'crypto.updated', `crypto:${after.code}`, auditView(before), auditView(after));
      return after;
    });
    return toAdminCrypto(row, new Date(), this.maxAgeMinutes);
  }

  /** Deletes a crypto no order refers to; one that orders use is disabled instead, keeping their history. */
  async remove(actor: Actor, code: string): Promise<{ outcome: 'deleted' | 'disabled'; message: string }> {
    return this.db.transaction(async (tx) => {
      const before = await findCryptoForUpdate(tx, code);
      if (!before) throw notFound(`No crypto ${code.toUpperCase()}.`);
      if (await isCryptoUsedByOrders(tx, before.code)) {
        const after = await updateCrypto(tx, before.code, { enabled: false });
        await recordAudit(tx, actor, 'crypto.disabled', `crypto:${before.code}`, auditView(before), auditView(after));
        return { outcome: 'disabled' as const, message: `${before.code} is used by existing orders, so it was disabled instead of deleted.` };
      }
      await deleteCryptoRow(tx, before.code);
      await recordAudit(tx, actor, 'crypto.deleted', `crypto:${before.code}`, auditView(before), null);
      return { outcome: 'deleted' as const, message: `${before.code} was deleted.` };
    });
  }

  /** Sets one address on every crypto of an EVM network, all or nothing. */
  async setEvmWallet(actor: Actor, address: string): Promise<{ updated: string[]; message: string }> {
    return this.db.transaction(async (tx) => {
      const evm = await lockEvmCryptos(tx);
      if (evm.length === 0) return { updated: [], message: 'There is no crypto on an EVM network to update.' };
      await setEvmAddress(tx, address);
      const codes = evm.map((c) => c.code).sort();
      await recordAudit(
        tx,
        actor,
        'wallet.evm_updated',
        'crypto:evm',
        Object.fromEntries(evm.map((c) => [c.code, c.address])),
        Object.fromEntries(codes.map((c) => [c, address])),
      );
      return { updated: codes, message: `ERC-20 wallet set on ${codes.join(', ')}.` };
    });
  }
}

/** A crypto by its code, in any letter case; undefined when there is none. Pass a transaction to read inside it. */
export async function findCryptoByCode(db: Queryable, code: string): Promise<CryptoRow | undefined> {
  return findCrypto(db, code);
}

/** Lower-case contracts of the tokens offered on an EVM chain (the payment watcher reads their Transfer logs). */
export async function findTokenContractsOnChain(db: Queryable, chainId: number): Promise<string[]> {
  return findTokenContracts(db, chainId);
}

/** Every currency's code and network (enabled or not): which chains the Payments page shows. */
export async function listCryptoNetworks(db: Queryable): Promise<{ code: string; network: string }[]> {
  return (await listCryptos(db)).map((c) => ({ code: c.code, network: c.network }));
}

/** The currencies a payment seen on a chain may be in: those of its EVM chain (told apart by token contract), or Bitcoin. */
export async function findCryptosPaidOn(db: Queryable, on: { network: string; chainId: number | null }): Promise<Pick<CryptoRow, 'code' | 'chainId' | 'tokenContract' | 'decimals'>[]> {
  return (await listCryptos(db)).filter((c) => (on.network === 'evm' ? c.network === 'evm' && c.chainId === on.chainId : c.network === on.network));
}

/** The currencies offered on an EVM chain, with their token contract and decimals. */
export async function findCryptosOnChain(db: Queryable, chainId: number): Promise<Pick<CryptoRow, 'code' | 'chainId' | 'tokenContract' | 'decimals'>[]> {
  return (await listCryptos(db)).filter((c) => c.network === 'evm' && c.chainId === chainId);
}
