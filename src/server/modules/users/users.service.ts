import type { AdminUser, AdminUserDetail } from '@/contracts/users';
import { dec, toPlain } from '@/domain/decimal';
import { BONUS_KINDS } from '@/domain/ledger-kinds';
import { levelOf } from '@/domain/levels';
import { asIdentifier, asText, writeCsv } from '../../csv';
import type { OperatorActor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { notFound } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { hasSecondFactor, resetBuyerSecondFactor } from '../two-factor/two-factor.service';
import type { OrderService } from '../orders/orders.service';
import { findUserRewards } from '../referrals/referrals.service';
import { latestAcceptances, listAcceptances } from '../content/terms.service';
import { correctCountry } from '../eligibility/eligibility.service';
import { findAllUsers, findLedger, findUserPage, findUserWithBalance, type UserWithBalance } from './users.repository';

function toAdminUser(u: UserWithBalance): AdminUser {
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, receivingWallet: u.receivingWallet, balance: toPlain(dec(u.balance)), level: levelOf(u.balance)?.name ?? null, country: u.country, createdAt: u.createdAt.toISOString() };
}

export async function findUsers(db: Queryable, q: { page: number; pageSize: number; q: string }) {
  const { rows, total } = await findUserPage(db, q.q, q.page, q.pageSize);
  return { users: rows.map(toAdminUser), total, page: q.page, pageSize: q.pageSize };
}

export async function getUserDetail(db: Queryable, orders: OrderService, id: number): Promise<AdminUserDetail> {
  const user = await findUserWithBalance(db, id);
  if (!user) throw notFound('This user does not exist.');
  const [userOrders, ledger, twoFactor, referrals, termsAcceptances] = await Promise.all([orders.ofUser(id), findLedger(db, id), hasSecondFactor(db, 'buyer', id), findUserRewards(db, id), listAcceptances(db, id)]);
  const bonus = ledger.filter((e) => BONUS_KINDS.includes(e.kind)).reduce((sum, e) => sum.plus(e.amount), dec(0));
  return {
    user: toAdminUser(user),
    bonusTokens: toPlain(bonus),
    orders: userOrders,
    ledger: ledger.map((e) => ({ id: e.id, kind: e.kind, amount: toPlain(dec(e.amount)), orderId: e.orderId, createdAt: e.createdAt.toISOString() })),
    referrals,
    twoFactor,
    termsAcceptances,
  };
}

/**
 * An operator corrects a buyer's declared country of residence (buyers declare it once, so a mistake
 * is put right through support): audited with the country before and after; orders made before keep
 * the check they were made with. Saving the same country again is not audited.
 */
export async function changeUserCountry(db: Db, orders: OrderService, actor: OperatorActor, id: number, country: string, now = new Date()): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    const before = await correctCountry(tx, id, country, now);
    if (before === undefined) throw notFound('This user does not exist.');
    if (before !== country) await recordAudit(tx, actor, 'user.country', `user:${String(id)}`, { country: before }, { country });
  });
  return getUserDetail(db, orders, id);
}

/** An Owner turns a buyer's two-factor sign-in off (a lost phone): audited, and the buyer is told. */
export async function resetUserTwoFactor(db: Db, orders: OrderService, publicUrl: string, actor: OperatorActor, id: number, now = new Date()): Promise<AdminUserDetail> {
  await db.transaction(async (tx) => {
    if (!(await findUserWithBalance(tx, id))) throw notFound('This user does not exist.');
    const wasOn = await resetBuyerSecondFactor(tx, id, publicUrl, now);
    await recordAudit(tx, actor, 'user.two_factor_reset', `user:${String(id)}`, { twoFactor: wasOn }, { twoFactor: false });
  });
  return getUserDetail(db, orders, id);
}

export async function usersCsv(db: Queryable): Promise<string> {
  const header = ['ID', 'Name', 'Email', 'Phone', 'Balance', 'Level', 'Receiving wallet', 'Registered (UTC)', 'Country of residence', 'Terms version accepted', 'Terms accepted (UTC)'];
  const [users, accepted] = await Promise.all([findAllUsers(db), latestAcceptances(db)]);
  const rows = users.map(toAdminUser).map((u) => {
    const terms = accepted.get(u.id);
    return [asIdentifier(String(u.id)), ...[u.name, u.email, u.phone, u.balance, u.level ?? '', u.receivingWallet, u.createdAt, u.country ?? '', terms ? String(terms.version) : '', terms?.acceptedAt.toISOString() ?? ''].map(asText)];
  });
  return writeCsv([header, ...rows]);
}
