import type { z } from 'zod';
import type { AdminCrypto, createCryptoBodySchema, PublicCrypto, updateCryptoBodySchema } from '@/contracts/cryptos';
import { COIN_DECIMALS } from '@/domain/utxo/chains';
import { dec, toPlain } from '@/domain/decimal';
import { priceFromRate, rateFromPrice, usdPriceText as usd } from '@/domain/usd-price';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict, invalid, notFound } from '../../errors';
import type { Actor } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import { getSaleSettings } from '../sale/sale.service';
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
/** The cryptos a fresh install offers; main.ts adds any missing at start. */
export { seedCryptos } from './cryptos.repository';

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
    usdPrice: row.usdPrice,
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

/**
 * What an add or edit changes, for who may make it (the route's `authorize` says): the wallet
 * address and what counts as a payment (network, chain id, token contract, decimals) are the
 * Owner's, with step-up; what a buyer pays (the USD price or rate, where the price comes from)
 * needs step-up of any role the route admits.
 */
export interface CryptoChanges {
  wallet: boolean;
  payment: boolean;
  price: boolean;
}

export type AuthorizeCryptoChanges = (changes: CryptoChanges) => Promise<void>;

const NONE: CryptoChanges = { wallet: false, payment: false, price: false };

function changesOf(before: CryptoRow | undefined, body: UpdateBody): CryptoChanges {
  const after = columns(body);
  if (!before) return { wallet: after.address !== null, payment: after.network !== 'other' || after.chainId !== null || after.tokenContract !== null || after.decimals !== null, price: true };
  const samePrice =
    body.usdPrice !== undefined ? before.usdPrice !== null && dec(before.usdPrice).eq(body.usdPrice) : before.rate !== null && body.rate !== undefined && dec(before.rate).eq(body.rate);
  return {
    wallet: (before.address ?? '') !== body.address,
    payment: before.network !== after.network || before.chainId !== after.chainId || before.tokenContract !== after.tokenContract || before.decimals !== after.decimals,
    price: !samePrice || before.rateSource !== after.rateSource || before.priceFeedId !== after.priceFeedId,
  };
}

/** Whether `found` (read in the transaction) has a change that `asked` (read before it) did not. */
const unasked = (found: CryptoChanges, asked: CryptoChanges) => (found.wallet && !asked.wallet) || (found.payment && !asked.payment) || (found.price && !asked.price);

/**
 * The price columns a save writes: the USD price typed, or the one a rate in tokens gives at the
 * current token price (said in `note`), and the rate derived from it (decision 025). A price the
 * save does not change keeps its columns; a row from before USD prices gets the one its rate gives.
 */
function priceColumns(before: CryptoRow | undefined, body: UpdateBody, changed: boolean, tokenPriceUsd: string, now: Date): { values: Partial<CryptoInsert>; note?: string } {
  if (!changed && before) return before.usdPrice !== null || before.rate === null ? { values: {} } : { values: { usdPrice: priceFromRate(before.rate, tokenPriceUsd) } };
  if (body.usdPrice !== undefined) {
    const rate = rateFromPrice(body.usdPrice, tokenPriceUsd);
    if (rate === null) {
      const message = `At the token price ${usd(tokenPriceUsd)} this USD price is worth less than 0.000001 tokens.`;
      throw invalid(message, { usdPrice: message });
    }
    return { values: { usdPrice: body.usdPrice, rate, rateUpdatedAt: now } };
  }
  const rate = body.rate ?? '0';
  const usdPrice = priceFromRate(rate, tokenPriceUsd);
  if (dec(usdPrice).lte(0)) {
    const message = `At the token price ${usd(tokenPriceUsd)} this rate is worth less than $0.000000000001: give the USD price.`;
    throw invalid(message, { rate: message });
  }
  return {
    values: { usdPrice, rate, rateUpdatedAt: now },
    note: `${toPlain(dec(rate))} tokens per unit saved as the USD price ${usd(usdPrice)} at the current token price ${usd(tokenPriceUsd)}.`,
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

  /** `authorize` may refuse what the body changes (who may change what is the route's to say). */
  async create(actor: Actor, body: CreateBody, authorize: AuthorizeCryptoChanges = async () => {}): Promise<AdminCrypto> {
    const taken = `${body.currency} already exists.`;
    await authorize(changesOf(undefined, body));
    try {
      const saved = await this.db.transaction(async (tx) => {
        const { priceUsd } = await getSaleSettings(tx);
        const price = priceColumns(undefined, body, true, priceUsd, new Date());
        const created = await insertCrypto(tx, { code: body.currency, ...columns(body), ...price.values });
        await recordAudit(tx, actor, 'crypto.created', `crypto:${created.code}`, null, auditView(created));
        return { row: created, note: price.note };
      });
      return { ...toAdminCrypto(saved.row, new Date(), this.maxAgeMinutes), ...(saved.note ? { priceNote: saved.note } : {}) };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(taken, { currency: taken });
      throw e;
    }
  }

  async update(actor: Actor, code: string, body: UpdateBody, authorize: AuthorizeCryptoChanges = async () => {}): Promise<AdminCrypto> {
    // Asked before the transaction (it reads the session): a change found inside it that was not
    // asked about (someone else saved meanwhile) is refused rather than made.
    const current = await findCrypto(this.db, code);
    const asked = current === undefined ? NONE : changesOf(current, body);
    if (current !== undefined) await authorize(asked);
    const saved = await this.db.transaction(async (tx) => {
      const before = await findCryptoForUpdate(tx, code);
      if (!before) throw notFound(`No crypto ${code.toUpperCase()}.`);
      const found = changesOf(before, body);
      if (unasked(found, asked)) throw conflict(found.wallet && !asked.wallet ? 'The wallet address changed meanwhile: reload and try again.' : `${before.code} changed meanwhile: reload and try again.`);
      // Read after the row is locked: a token-price change either finished (this prices at the new
      // price) or waits for this save and then recomputes the rate from the USD price saved here.
      const { priceUsd } = await getSaleSettings(tx);
      // Compared as numbers: the form sends "9000000" for the stored "9000000.000000"; an unchanged
      // price keeps its USD price, rate and time (a feed rate stays as fresh as it was).
      const price = priceColumns(before, body, found.price, priceUsd, new Date());
      const after = await updateCrypto(tx, before.code, { ...columns(body), ...price.values });
      await recordAudit(tx, actor, 'crypto.updated', `crypto:${after.code}`, auditView(before), auditView(after));
      return { row: after, note: price.note };
    });
    return { ...toAdminCrypto(saved.row, new Date(), this.maxAgeMinutes), ...(saved.note ? { priceNote: saved.note } : {}) };
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
export async function findTokenContractsOnChain(db: Queryable, on: Parameters<typeof findTokenContracts>[1]): Promise<string[]> {
  return findTokenContracts(db, on);
}

/** Every currency's code and network (enabled or not): which chains the Payments page shows. */
export async function listCryptoNetworks(db: Queryable): Promise<{ code: string; network: string }[]> {
  return (await listCryptos(db)).map((c) => ({ code: c.code, network: c.network }));
}

/** The currencies a payment seen on a chain may be in: those of its EVM chain (told apart by token contract), or Bitcoin. */
export async function findCryptosPaidOn(db: Queryable, on: { network: string; chainId: number | null }): Promise<Pick<CryptoRow, 'code' | 'chainId' | 'tokenContract' | 'decimals'>[]> {
  return (await listCryptos(db)).filter((c) => (on.network === 'evm' ? c.network === 'evm' && c.chainId === on.chainId : c.network === on.network));
}
