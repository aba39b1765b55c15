// Identity checks (issue 34, decision 041): the operator's settings, the buyer's documents and their
// review, the provider's signed verdicts, and the deletion of documents after the retention period.
// The gate itself is read with the country check (eligibility module) and applied by order creation.
import type { z } from 'zod';
import {
  CHECK_DECIDED,
  DOCUMENT_INVALID,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPES,
  IDENTITY_ALREADY_VERIFIED,
  IDENTITY_BY_PROVIDER,
  IDENTITY_NOT_ASKED,
  IDENTITY_PENDING,
  identityWebhookEventSchema,
  PROVIDER_INCOMPLETE,
  VERIFICATION_PATH,
  WEBHOOK_MAX_AGE_SECONDS,
  type DocumentKind,
  type IdentityCheck,
  type identitySettingsBodySchema,
  type IdentitySettings,
  type IdentityUploadBody,
  type MyIdentity,
} from '@/contracts/identity';
import { plain } from '@/domain/decimal';
import { providerFlowUrl } from '@/domain/identity';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, invalid, notFound, unauthorized } from '../../errors';
import { readUpload } from '../../uploads';
import { recordAudit } from '../audit/audit.service';
import { greetingName, identityApprovedMail, identityRejectedMail, mailContext, queueMailsOnce } from '../mail/mail.service';
import {
  decideCheck,
  deleteDocumentsOf,
  documentsOf,
  findBuyer,
  findCheck,
  findChecksPastRetention,
  findCommittedUsd,
  findDocument,
  findIdentitySettings,
  findLatestCheckOf,
  insertCheck,
  insertDocuments,
  listChecks,
  recordProviderEvent,
  saveIdentitySettings,
  type IdentityCheckRow,
} from './identity.repository';
import { isValidSignature } from './webhook-signature';

type SettingsBody = z.output<typeof identitySettingsBodySchema>;

/** Who deletes documents after the retention period, and who stands for the provider, in the audit log. */
const RETENTION: Actor = { id: null, login: 'Retention' };
const PROVIDER: Actor = { id: null, login: 'Identity provider' };
const buyerActor = (userId: number): Actor => ({ id: null, login: `Buyer #${String(userId)}` });

const SIGNATURE_INVALID = 'The signature is missing or not valid.';
const EVENT_TOO_OLD = 'The event is older than 5 minutes: refused as a possible replay.';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const plainOrNull = (v: string | null) => (v === null ? null : plain(v));

export class Identity {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  // ── Settings ──────────────────────────────────────────────────────────────────────────────────

  async settings(db: Queryable = this.db): Promise<IdentitySettings> {
    const s = await findIdentitySettings(db);
    return { thresholdUsd: plainOrNull(s.thresholdUsd), mode: s.mode, retentionDays: s.retentionDays, webhookSecretSet: s.webhookSecret !== '', flowUrl: s.flowUrl, updatedAt: iso(s.updatedAt), updatedBy: s.updatedBy };
  }

  /** Saves the settings; an empty secret keeps the saved one. A provider needs its secret and flow address. */
  async changeSettings(actor: Actor, body: SettingsBody, now = new Date()): Promise<IdentitySettings> {
    await this.db.transaction(async (tx) => {
      const before = await findIdentitySettings(tx);
      const webhookSecret = body.webhookSecret === '' ? before.webhookSecret : body.webhookSecret;
      if (body.mode === 'provider' && (webhookSecret === '' || body.flowUrl === '')) {
        const fields: Record<string, string> = {};
        if (webhookSecret === '') fields.webhookSecret = PROVIDER_INCOMPLETE;
        if (body.flowUrl === '') fields.flowUrl = PROVIDER_INCOMPLETE;
        throw invalid(PROVIDER_INCOMPLETE, fields);
      }
      const after = await saveIdentitySettings(tx, {
        thresholdUsd: body.thresholdUsd === '' ? null : body.thresholdUsd,
        mode: body.mode,
        retentionDays: body.retentionDays,
        webhookSecret,
        flowUrl: body.flowUrl,
        updatedAt: now,
        updatedBy: actor.login,
      });
      // The secret itself never enters the log: only whether it changed.
      const shown = (s: typeof before) => ({ thresholdUsd: plainOrNull(s.thresholdUsd), mode: s.mode, retentionDays: s.retentionDays, flowUrl: s.flowUrl, webhookSecretSet: s.webhookSecret !== '' });
      await recordAudit(tx, actor, 'identity.settings', 'identity', shown(before), { ...shown(after), webhookSecretChanged: after.webhookSecret !== before.webhookSecret });
    });
    return this.settings();
  }

  // ── The buyer ─────────────────────────────────────────────────────────────────────────────────

  async mine(userId: number): Promise<MyIdentity> {
    const [settings, latest, committedUsd] = await Promise.all([findIdentitySettings(this.db), findLatestCheckOf(this.db, userId), findCommittedUsd(this.db, userId)]);
    return {
      thresholdUsd: plainOrNull(settings.thresholdUsd),
      committedUsd: plain(committedUsd),
      mode: settings.mode,
      status: latest?.status ?? 'none',
      reason: latest?.status === 'rejected' ? latest.reason : null,
      submittedAt: iso(latest?.submittedAt ?? null),
      decidedAt: iso(latest?.decidedAt ?? null),
      flowUrl: settings.mode === 'provider' && settings.flowUrl !== '' ? providerFlowUrl(settings.flowUrl, userId) : null,
    };
  }

  /** The buyer's identity document and selfie, for review in Presale: each refused at its field when not a JPEG, PNG or PDF within the limit. */
  async submit(userId: number, body: IdentityUploadBody, now = new Date()): Promise<MyIdentity> {
    const settings = await findIdentitySettings(this.db);
    if (settings.thresholdUsd === null) throw conflict(IDENTITY_NOT_ASKED);
    if (settings.mode !== 'review') throw conflict(IDENTITY_BY_PROVIDER);
    const rules = { maxBytes: DOCUMENT_MAX_BYTES, types: DOCUMENT_TYPES, tooLarge: DOCUMENT_TOO_LARGE, invalid: DOCUMENT_INVALID };
    const files = { document: readUpload(body.document, rules), selfie: readUpload(body.selfie, rules) };
    const fields: Record<string, string> = {};
    for (const [kind, file] of Object.entries(files)) if (!file.ok) fields[kind] = file.message;
    const [firstProblem] = Object.values(fields);
    if (firstProblem !== undefined) throw invalid(firstProblem, fields);
    const documents = (['document', 'selfie'] as const).flatMap((kind) => {
      const file = files[kind];
      return file.ok ? [{ kind, mime: file.mime, data: file.data, sha256: file.sha256 }] : [];
    });
    try {
      await this.db.transaction(async (tx) => {
        const latest = await findLatestCheckOf(tx, userId);
        if (latest?.status === 'pending') throw conflict(IDENTITY_PENDING);
        if (latest?.status === 'approved') throw conflict(IDENTITY_ALREADY_VERIFIED);
        const check = await insertCheck(tx, { userId, mode: 'review', status: 'pending', submittedAt: now });
        await insertDocuments(tx, check.id, documents, now);
        await recordAudit(tx, buyerActor(userId), 'identity.submitted', `identity:${String(check.id)}`, null, { userId, documents: documents.map((d) => ({ kind: d.kind, mime: d.mime, bytes: d.data.length, sha256: d.sha256 })) });
      });
    } catch (error) {
      // Two uploads at once: the one pending check per buyer (a unique index) lets one through.
      if (isUniqueViolation(error)) throw conflict(IDENTITY_PENDING);
      throw error;
    }
    return this.mine(userId);
  }

  // ── The reviewers ─────────────────────────────────────────────────────────────────────────────

  async checks(status: IdentityCheckRow['status']): Promise<IdentityCheck[]> {
    return (await listChecks(this.db, status)).map((r) => toCheck(r.check, r, r.documents));
  }

  /** A document for a reviewer: every opening is audited (who saw whose document, and which file). */
  async document(actor: Actor, checkId: number, kind: DocumentKind): Promise<{ mime: string; data: Buffer }> {
    const row = await findDocument(this.db, checkId, kind);
    if (!row) throw notFound('This document is not held (never sent, or deleted after the retention period).');
    await recordAudit(this.db, actor, 'identity.document_opened', `identity:${String(checkId)}`, null, { userId: row.userId, kind, sha256: row.sha256 });
    return { mime: row.mime, data: row.data };
  }

  approve(actor: Actor, id: number, now = new Date()): Promise<IdentityCheck> {
    return this.decide(actor, id, 'approved', null, now);
  }

  reject(actor: Actor, id: number, reason: string, now = new Date()): Promise<IdentityCheck> {
    return this.decide(actor, id, 'rejected', reason, now);
  }

  private async decide(actor: Actor, id: number, status: 'approved' | 'rejected', reason: string | null, now: Date): Promise<IdentityCheck> {
    const decided = await this.db.transaction(async (tx) => {
      const row = await decideCheck(tx, id, { status, reason, decidedBy: actor.login, decidedAt: now });
      if (!row) {
        if (!(await findCheck(tx, id))) throw notFound('There is no such identity check.');
        throw conflict(CHECK_DECIDED);
      }
      await recordAudit(tx, actor, status === 'approved' ? 'identity.approved' : 'identity.rejected', `identity:${String(id)}`, { status: 'pending' }, { status, reason, userId: row.userId });
      await this.mailVerdict(tx, row, now);
      return row;
    });
    const buyer = await findBuyer(this.db, decided.userId);
    const [documents, committedUsd] = await Promise.all([documentsOf(this.db, [decided.id]), findCommittedUsd(this.db, decided.userId)]);
    return toCheck(decided, { email: buyer?.email ?? '', name: buyer?.name ?? '', country: buyer?.country ?? null, committedUsd }, documents.get(decided.id) ?? []);
  }

  /** The verdict to the buyer, once per check. */
  private async mailVerdict(tx: Queryable, check: IdentityCheckRow, now: Date): Promise<void> {
    const buyer = await findBuyer(tx, check.userId);
    if (!buyer) return;
    const context = await mailContext(tx, this.publicUrl);
    const mail =
      check.status === 'approved'
        ? await identityApprovedMail(context, greetingName(buyer), `${this.publicUrl}/dashboard/buy-token`)
        : await identityRejectedMail(context, greetingName(buyer), check.reason ?? '', `${this.publicUrl}${VERIFICATION_PATH}`);
    await queueMailsOnce(tx, [{ kind: `identity-${check.status}`, to: buyer.email, userId: buyer.id, dedupeKey: `identity-decided:${String(check.id)}`, ...mail }], now);
  }

  // ── The provider ──────────────────────────────────────────────────────────────────────────────

  /**
   * A provider's verdict: trusted only with a valid signature over the raw body (401 otherwise),
   * refused when its timestamp is over 5 minutes old (a replay), applied once per event id (a
   * repeat is acknowledged as a duplicate and changes nothing).
   */
  async applyProviderEvent(raw: Buffer, signature: string | undefined, now = new Date()): Promise<{ ok: true; duplicate: boolean }> {
    const settings = await findIdentitySettings(this.db);
    if (!isValidSignature(settings.webhookSecret, raw, signature)) throw unauthorized(SIGNATURE_INVALID);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalid('The body is not JSON.');
    }
    const result = identityWebhookEventSchema.safeParse(parsed);
    if (!result.success) throw invalid(`The event is not valid: ${result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
    const event = result.data;
    const ageSeconds = now.getTime() / 1000 - event.timestamp;
    // A clock a little ahead is tolerated the same 5 minutes; further ahead is as suspect as too old.
    if (ageSeconds > WEBHOOK_MAX_AGE_SECONDS || ageSeconds < -WEBHOOK_MAX_AGE_SECONDS) throw new AppError('invalid_input', EVENT_TOO_OLD);
    return this.db.transaction(async (tx) => {
      if (!(await recordProviderEvent(tx, { eventId: event.eventId, userId: event.userId, verdict: event.verdict, receivedAt: now }))) return { ok: true as const, duplicate: true };
      const buyer = await findBuyer(tx, event.userId);
      if (!buyer) throw notFound('There is no such buyer.');
      const reason = event.verdict === 'rejected' ? (event.reason ?? 'The provider could not verify your identity.') : null;
      // A review still waiting (the mode changed meanwhile) is decided by the provider's verdict.
      const pending = await findLatestCheckOf(tx, event.userId);
      const check =
        pending?.status === 'pending'
          ? await decideCheck(tx, pending.id, { status: event.verdict, reason, decidedBy: PROVIDER.login, decidedAt: now })
          : await insertCheck(tx, { userId: event.userId, mode: 'provider', status: event.verdict, reason, submittedAt: now, decidedAt: now, decidedBy: PROVIDER.login });
      if (!check) throw new Error('the pending check changed under its lock');
      await recordAudit(tx, PROVIDER, 'identity.provider_verdict', `identity:${String(check.id)}`, null, { eventId: event.eventId, userId: event.userId, verdict: event.verdict, reason, timestamp: event.timestamp });
      await this.mailVerdict(tx, check, now);
      return { ok: true as const, duplicate: false };
    });
  }

  // ── Retention ─────────────────────────────────────────────────────────────────────────────────

  /** Deletes the documents of checks decided more than the retention period ago, each deletion audited. */
  async deleteExpiredDocuments(now = new Date()): Promise<number> {
    const { retentionDays } = await findIdentitySettings(this.db);
    const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
    let checks = 0;
    for (const check of await findChecksPastRetention(this.db, before)) {
      const done = await this.db.transaction(async (tx) => {
        const deleted = await deleteDocumentsOf(tx, check.id, now);
        if (!deleted) return false;
        await recordAudit(tx, RETENTION, 'identity.documents_deleted', `identity:${String(check.id)}`, null, { userId: check.userId, documents: deleted.deleted, decidedAt: iso(check.decidedAt), retentionDays });
        return true;
      });
      if (done) checks++;
    }
    return checks;
  }
}

function toCheck(row: IdentityCheckRow, buyer: { email: string; name: string; country: string | null; committedUsd: string }, documents: IdentityCheck['documents']): IdentityCheck {
  return {
    id: row.id,
    userId: row.userId,
    email: buyer.email,
    name: buyer.name,
    country: buyer.country,
    committedUsd: plain(buyer.committedUsd),
    mode: row.mode,
    status: row.status,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    decidedBy: row.decidedBy,
    documents,
    documentsDeletedAt: iso(row.documentsDeletedAt),
  };
}
