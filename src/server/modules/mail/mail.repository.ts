// SQL of the e-mail outbox.
import { and, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = Pick<typeof mailOutbox.$inferInsert, 'kind' | 'toAddress' | 'userId' | 'subject' | 'html' | 'text' | 'data' | 'dedupeKey'>;

export async function insertMail(db: Queryable, mail: NewMail, now: Date): Promise<MailRow> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, nextAttemptAt: now, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no mail');
  return row;
}

/** Queues the messages whose dedupe keys are new; returns how many were queued. */
export async function insertMailsOnce(db: Queryable, mails: (NewMail & { dedupeKey: string })[], now: Date): Promise<number> {
  if (mails.length === 0) return 0;
  // The messages as one JSON parameter, in the order given: the order-mail job queues hundreds at a
  // time on a launch, and as a VALUES list each column of each row was a parameter of its own to
  // build, bind and plan (issue 35).
  const batch = JSON.stringify(mails.map((m) => ({ kind: m.kind, to_address: m.toAddress, user_id: m.userId, subject: m.subject, html: m.html, text: m.text, data: m.data, dedupe_key: m.dedupeKey })));
  const at = now.toISOString();
  const result = (await db.execute(sql`
    insert into ${mailOutbox} (kind, to_address, user_id, subject, html, text, data, dedupe_key, next_attempt_at, created_at, updated_at)
    select m.kind, m.to_address, m.user_id, m.subject, m.html, m.text, m.data, m.dedupe_key, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
      from rows from (jsonb_to_recordset(${batch}::jsonb) as (kind text, to_address text, user_id integer, subject text, html text, text text, data jsonb, dedupe_key text))
           with ordinality as m(kind, to_address, user_id, subject, html, text, data, dedupe_key, n)
     order by m.n
    on conflict (dedupe_key) do nothing
    returning 1`)) as { rows: unknown[] };
  return result.rows.length;
}

/** Which of these dedupe keys have a message already. */
export async function findQueuedKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox).where(inArray(mailOutbox.dedupeKey, keys));
  return new Set(rows.flatMap((r) => (r.key === null ? [] : [r.key])));
}

/** Keeps the parts a message was rendered to (once, when first sent). */
export async function storeRendered(db: Queryable, id: number, html: string, text: string): Promise<void> {
  await db.update(mailOutbox).set({ html, text }).where(eq(mailOutbox.id, id));
}

/**
 * Takes up to `limit` messages due for sending: queued ones whose time came, and ones another sender
 * took but did not finish within its lease (it stopped). Rows another sender is taking right now are
 * skipped, so two instances never take the same message.
 */
export async function claimDueMails(db: Queryable, now: Date, limit: number, leaseMs: number): Promise<MailRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(or(and(eq(mailOutbox.state, 'queued'), lte(mailOutbox.nextAttemptAt, now)), and(eq(mailOutbox.state, 'sending'), lte(mailOutbox.leaseUntil, now))))
    .orderBy(mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ state: 'sending', leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Settles a message this sender holds; nothing changes if it lost the message (its lease ran out). */
export async function settleMail(
  db: Queryable,
  id: number,
  attempts: number,
  outcome: { state: 'sent' | 'queued' | 'failed' | 'kept'; lastError?: string | null; nextAttemptAt?: Date },
  now: Date,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      state: outcome.state,
      leaseUntil: null,
      lastError: outcome.lastError ?? null,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...(outcome.state === 'sent' ? { sentAt: now } : {}),
      updatedAt: now,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'sending'), eq(mailOutbox.attempts, attempts)));
}

export async function findMailPage(db: Queryable, page: number, pageSize: number): Promise<{ rows: MailRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMail(db: Queryable, id: number): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** Queues a message again (an operator's resend), unless a sender holds it right now. */
export async function requeueMail(db: Queryable, id: number, now: Date): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ state: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, leaseUntil: null, updatedAt: now })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.state, ['sent', 'failed', 'kept', 'queued'])))
    .returning();
  return row;
}
