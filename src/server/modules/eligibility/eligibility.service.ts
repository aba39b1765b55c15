// Who may buy, by country (issue 34, decision 039): the operator's restricted list and MaxMind file,
// the buyer's declared country, and the check made before every order and stored with it.
import {
  addressCountryRefusal,
  COUNTRY_ALREADY_DECLARED,
  COUNTRY_NOT_DECLARED,
  declaredCountryRefusal,
  type EligibilityCheck,
  type EligibilitySettings,
  type eligibilitySettingsBodySchema,
  type MyCountry,
} from '@/contracts/eligibility';
import type { z } from 'zod';
import type { IdentityGate } from '@/domain/identity';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { StatementBatch } from '../../db/statement-batch';
import { AppError, conflict, invalid } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { countryRefusedMail, greetingName, mailContext, queueMailsOnce } from '../mail/mail.service';
import { type CheckInputs, declareCountry, findBuyerContact, findCheckInputs, findCountrySettings, findDeclaredCountry, saveCountrySettings } from './eligibility.repository';
import { GeoipFileError, type GeoipDatabase } from './geoip';

/** What an order's checks read, as the order path reads it together with its throttles (decision 044). */
export { checkInputsOf, type CheckInputs, type CheckInputsRow } from './eligibility.repository';
/** After registration a buyer's country changes here only: their own declaration (`declare`) and an operator's correction. */
export { correctCountry } from './eligibility.repository';

/** Who refuses an order for its country in the audit log. */
const COUNTRY_CHECK: Actor = { id: null, login: 'Country check' };

type SettingsBody = z.output<typeof eligibilitySettingsBodySchema>;

const NO_IDENTITY_GATE: IdentityGate = { thresholdUsd: null, verified: false, committedUsd: '0' };

/** What ordering asks of the buyer, from one read. */
export interface BeforeOrder {
  check: EligibilityCheck;
  identity: IdentityGate;
  termsAccepted: boolean;
  emailVerified: boolean;
}

export class Eligibility {
  /** Orders arriving together read their checks in one statement (issue 35). */
  private readonly inputs = new StatementBatch<number, CheckInputs | undefined>(async (waiting) => {
    const found = await findCheckInputs(this.db, [...new Set(waiting.map((w) => w.input))]);
    for (const w of waiting) w.resolve(found.get(w.input));
  });

  constructor(
    private readonly db: Db,
    private readonly geoip: GeoipDatabase,
    private readonly publicUrl: string,
  ) {}

  async settings(db: Queryable = this.db): Promise<EligibilitySettings> {
    const s = await findCountrySettings(db);
    return {
      restrictedCountries: s.restrictedCountries,
      reviewedAt: s.reviewedAt?.toISOString() ?? null,
      reviewedBy: s.reviewedBy,
      geoipPath: s.geoipPath,
      geoip: await this.geoip.status(s.geoipPath),
    };
  }

  /** Saves the list and the file (checked first: it opens and knows countries); the first save marks the list reviewed. */
  async changeSettings(actor: Actor, body: SettingsBody, now = new Date()): Promise<EligibilitySettings> {
    if (body.geoipPath !== '') {
      try {
        await this.geoip.load(body.geoipPath);
      } catch (error) {
        if (error instanceof GeoipFileError) throw invalid(error.message, { geoipPath: error.message });
        throw error;
      }
    }
    await this.db.transaction(async (tx) => {
      const before = await findCountrySettings(tx);
      const after = await saveCountrySettings(tx, { restrictedCountries: body.restrictedCountries, geoipPath: body.geoipPath, reviewedAt: now, reviewedBy: actor.login });
      await recordAudit(
        tx,
        actor,
        'eligibility.settings',
        'eligibility',
        { restrictedCountries: before.restrictedCountries, geoipPath: before.geoipPath, reviewed: before.reviewedAt !== null },
        { restrictedCountries: after.restrictedCountries, geoipPath: after.geoipPath },
      );
    });
    return this.settings();
  }

  /**
   * The check of a buyer's order: their declared country and, with a database, the request's
   * address (null for an order made from a deposit, which has no request of the buyer's).
   */
  async check(db: Queryable, userId: number, address: string | null, now = new Date()): Promise<EligibilityCheck> {
    return (await this.beforeOrder(userId, address, now, db)).check;
  }

  /**
   * Everything ordering asks of the buyer (POST /api/orders), from one query and the MaxMind lookup:
   * the country check to store with the order, whether they verified their address and accepted the
   * latest terms, and what the identity gate needs (decision 041: the order decides once its USD is
   * quoted). Refusing is the caller's: `refusalOf` says why, `recordRefusal` audits and mails it.
   */
  async beforeOrder(userId: number, address: string | null, now = new Date(), db: Queryable = this.db): Promise<BeforeOrder> {
    // Inside a transaction the read is the transaction's own; outside, it shares a statement.
    return this.judge(db === this.db ? await this.inputs.call(userId) : (await findCheckInputs(db, [userId])).get(userId), address, now);
  }

  /** What ordering asks of the buyer, from their inputs as read (undefined: a buyer not found, who may order nothing). */
  async judge(inputs: CheckInputs | undefined, address: string | null, now: Date): Promise<BeforeOrder> {
    const declared = inputs?.declared ?? null;
    const { restrictedCountries, geoipPath } = inputs?.settings ?? { restrictedCountries: [], geoipPath: '' };
    const looked = address === null ? { lookup: 'no_request' as const, country: null } : await this.geoip.lookup(geoipPath, address);
    const restrictedBy: EligibilityCheck['restrictedBy'] = [];
    if (declared !== null && restrictedCountries.includes(declared)) restrictedBy.push('declaration');
    if (looked.country !== null && restrictedCountries.includes(looked.country)) restrictedBy.push('address');
    const check: EligibilityCheck = { declaredCountry: declared, address, addressCountry: looked.country, lookup: looked.lookup, restrictedBy, verdict: restrictedBy.length > 0 ? 'restricted' : 'allowed', checkedAt: now.toISOString() };
    return { check, identity: inputs?.identity ?? NO_IDENTITY_GATE, termsAccepted: inputs?.termsAccepted ?? false, emailVerified: inputs?.emailVerified ?? false };
  }

  /** Why a check refuses an order: no declared country yet (409, the buyer declares it), or a restricted one (403); null when it allows it. */
  refusalOf(check: EligibilityCheck): AppError | null {
    if (check.declaredCountry === null) return conflict(COUNTRY_NOT_DECLARED);
    return check.verdict === 'restricted' ? new AppError('forbidden', refusalReason(check)) : null;
  }

  /** A refusal for the buyer's country: audited and mailed to the buyer (one message per buyer and day, so retries do not flood). */
  async recordRefusal(userId: number, check: EligibilityCheck, now = new Date()): Promise<void> {
    if (check.verdict !== 'restricted') return;
    const reason = refusalReason(check);
    await this.db.transaction(async (tx) => {
      await recordAudit(tx, COUNTRY_CHECK, 'order.country_refused', `user:${String(userId)}`, null, check);
      const buyer = await findBuyerContact(tx, userId);
      if (!buyer) return;
      const mail = await countryRefusedMail(await mailContext(tx, this.publicUrl), greetingName(buyer), reason, `${this.publicUrl}/dashboard/buy-token`);
      await queueMailsOnce(tx, [{ kind: 'country-refused', to: buyer.email, userId, dedupeKey: `country-refused:${String(userId)}:${now.toISOString().slice(0, 10)}`, ...mail }], now);
    });
  }

  /** Buy Token's question: the declared country, and why this buyer cannot order from this address, if so. */
  async mine(userId: number, address: string, now = new Date()): Promise<MyCountry> {
    const check = await this.check(this.db, userId, address, now);
    return { country: check.declaredCountry, refusal: check.verdict === 'restricted' ? refusalReason(check) : null };
  }

  /** A buyer without one declares their country once (accounts made before it was asked). */
  async declare(userId: number, country: string, address: string, now = new Date()): Promise<MyCountry> {
    if (!(await declareCountry(this.db, userId, country, now))) throw conflict(COUNTRY_ALREADY_DECLARED, { country: COUNTRY_ALREADY_DECLARED });
    return this.mine(userId, address, now);
  }

  declaredCountry(db: Queryable, userId: number): Promise<string | null> {
    return findDeclaredCountry(db, userId);
  }
}

/** The buyer's message: the declaration first (it is theirs), else the address. */
function refusalReason(check: EligibilityCheck): string {
  if (check.restrictedBy.includes('declaration') && check.declaredCountry) return declaredCountryRefusal(check.declaredCountry);
  if (check.addressCountry) return addressCountryRefusal(check.addressCountry);
  throw new Error('a refusal without a restricted country');
}
