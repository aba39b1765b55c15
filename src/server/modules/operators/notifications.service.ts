// Operators' notifications (issue 14): an operator may give an address and ask to be told when a
// payment (or a buyer's withdrawal) needs review, and when one has waited over an hour. The mail job asks for them before each
// send; each is queued once per operator and item (the outbox's dedupe key), so two instances or
// overlapping runs tell nobody twice. Turning a notification on tells of what happens from then on,
// not of the past.
import type { z } from 'zod';
import { REVIEW_WAIT_MINUTES, type OperatorNotifications, type operatorNotificationsBodySchema } from '@/contracts/mail';
import { dec, toPlain } from '@/domain/decimal';
import type { Db } from '../../db/client';
import type { OperatorActor } from '../../actor';
import { notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { mailContext, queuedMailKeys, queueMailsOnce, reviewNoticeMail } from '../mail/mail.service';
import { findReviewsWaitingSince, type ReviewItem } from './review-queue.repository';
import { findNotificationSettings, findOperatorsToNotify, saveNotificationSettings, type NotificationSettings } from './notifications.repository';

const MINUTE_MS = 60_000;
const WAIT_MS = REVIEW_WAIT_MINUTES * MINUTE_MS;
/** The watcher approves what it can within a tick or two: a watched payment is "to review" after this. */
const GRACE_MS = 2 * MINUTE_MS;
/** Nothing older than this is told about (a server that was down for long does not mail the past). */
const HORIZON_MS = 7 * 24 * 60 * MINUTE_MS;

const view = (s: NotificationSettings): OperatorNotifications => ({ email: s.email ?? '', review: s.notifyReview, waiting: s.notifyWaiting });

export async function getNotifications(db: Db, operatorId: number): Promise<OperatorNotifications> {
  const settings = await findNotificationSettings(db, operatorId);
  if (!settings) throw notFound('Operator not found.');
  return view(settings);
}

export async function setNotifications(db: Db, actor: OperatorActor, body: z.output<typeof operatorNotificationsBodySchema>, now = new Date()): Promise<OperatorNotifications> {
  return db.transaction(async (tx) => {
    const before = await findNotificationSettings(tx, actor.id);
    if (!before) throw notFound('Operator not found.');
    const email = body.email.trim() || null;
    const on = body.review || body.waiting;
    const turnedOn = (body.review && !before.notifyReview) || (body.waiting && !before.notifyWaiting) || email !== before.email;
    const after: NotificationSettings = { email, notifyReview: body.review, notifyWaiting: body.waiting, notifySince: on ? (turnedOn || !before.notifySince ? now : before.notifySince) : null };
    await saveNotificationSettings(tx, actor.id, after, now);
    await recordAudit(tx, actor, 'operator.notifications', `operator:${actor.login}`, view(before), view(after));
    return view(after);
  });
}

export class OperatorNotifier {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** Queues the notifications due now; returns how many were queued. */
  async queueDue(now = new Date()): Promise<number> {
    const operators = await findOperatorsToNotify(this.db);
    if (operators.length === 0) return 0;
    const earliest = Math.min(...operators.map((o) => o.notifySince.getTime() - WAIT_MS));
    const items = await findReviewsWaitingSince(this.db, new Date(Math.max(earliest, now.getTime() - HORIZON_MS)), new Date(now.getTime() - GRACE_MS));
    const wanted = operators.flatMap((operator) =>
      items.flatMap((item) => {
        const since = item.since.getTime();
        const kinds: ('review' | 'waiting')[] = [];
        if (operator.notifyReview && since > operator.notifySince.getTime()) kinds.push('review');
        // Told once it crosses the hour after the operator asked to be told.
        if (operator.notifyWaiting && since <= now.getTime() - WAIT_MS && since + WAIT_MS > operator.notifySince.getTime()) kinds.push('waiting');
        return kinds.map((kind) => ({ operator, item, kind, key: `notify:${String(operator.id)}:${kind}:${item.key}` }));
      }),
    );
    if (wanted.length === 0) return 0;
    const queued = await queuedMailKeys(
      this.db,
      wanted.map((w) => w.key),
    );
    const todo = wanted.filter((w) => !queued.has(w.key));
    if (todo.length === 0) return 0;
    const context = await mailContext(this.db, this.publicUrl);
    const mails = await Promise.all(
      todo.map(async (w) => ({
        kind: `operator-${w.kind}`,
        to: w.operator.email,
        userId: null,
        dedupeKey: w.key,
        ...(await reviewNoticeMail(context, w.kind, this.noticeOf(w.item), REVIEW_WAIT_MINUTES)),
      })),
    );
    return queueMailsOnce(this.db, mails, now);
  }

  private noticeOf(item: ReviewItem) {
    return {
      reason: item.reason,
      orderId: item.orderId,
      amount: item.payAmount && item.cryptoCode ? `${toPlain(dec(item.payAmount))} ${item.cryptoCode}` : null,
      txHash: item.txHash,
      link:
        item.reason === 'withdrawal'
          ? `${this.publicUrl}/admin/withdrawals`
          : item.orderId
            ? `${this.publicUrl}/admin/transactions?q=${encodeURIComponent(item.orderId)}`
            : `${this.publicUrl}/admin/payments`,
    };
  }
}
