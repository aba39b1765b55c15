// An order an operator makes from an unallocated deposit: the buyer sent money with no open order,
// and the operator credits it at today's prices, across the stages open now. The order is made
// approved, holds the deposit, and credits the ledger, all in one transaction with its audit entry.
import { formatUnits } from 'viem';
import { dec, toPlain } from '@/domain/decimal';
import { sameTokenContract } from '@/domain/payment';
import { piecesText } from '@/domain/stages';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import type { Eligibility } from '../eligibility/eligibility.service';
import { findCryptoByCode, findCryptosPaidOn } from '../cryptos/cryptos.service';
import { assignDeposit, takeUnallocatedDeposit } from '../payments/unallocated.service';
import { allowOverHardCap, findOrderNamingTx, lockTxHash, type ExpiredOrder } from './order-changes.repository';
import { creditApprovedOrder } from './approved-order-credit';
import { insertOrder } from './order-creation.repository';
import { OrderExpiry } from './order-expiry.service';
import { quoteNowLocked, saleAt } from './order-requote';
import { creditRefusal } from './credit-refusals';
import { newPublicId } from './public-id';

export async function createOrderFromDeposit(
  db: Db,
  events: EventBus,
  options: { rateMaxAgeMinutes: number },
  eligibility: Pick<Eligibility, 'check'>,
  actor: Actor,
  paymentId: number,
  body: { note: string; overrideHardCap: boolean },
  now = new Date(),
): Promise<{ id: string }> {
  let released: ExpiredOrder[] = [];
  const made = await db
    .transaction(async (tx) => {
      // Priced at today's prices: the sale as it stands now (overdue orders released, due closings recorded).
      released = await saleAt(tx, now);
      const deposit = await takeUnallocatedDeposit(tx, paymentId);
      if (!deposit || deposit.userId === null) throw conflict('This deposit is not unallocated any more: it was assigned to an order or dismissed already.');
      if (deposit.state !== 'confirmed') throw conflict('This deposit is not confirmed yet: credit it once it is.');
      // A buyer may have attached its hash to an order: that order is the one to decide (one payment, one credit).
      await lockTxHash(tx, deposit.txHash);
      const named = await findOrderNamingTx(tx, deposit.txHash);
      if (named) {
        throw conflict(
          named.status === 'approved'
            ? `Order ${named.publicId} names this transaction as its payment and was approved: it was credited already. Dismiss this deposit instead.`
            : `Order ${named.publicId} (${named.status}) names this transaction as its payment: decide that order, and dismiss this deposit if you approve it.`,
        );
      }
      const matching = (await findCryptosPaidOn(tx, deposit)).find((c) => sameTokenContract(c.tokenContract, deposit.tokenContract));
      const crypto = matching ? await findCryptoByCode(tx, matching.code) : undefined;
      if (!crypto || crypto.decimals === null) throw conflict(`No offered currency matches this deposit (${deposit.network === 'evm' ? `chain ${String(deposit.chainId)}` : deposit.network === 'tron' ? 'TRON' : 'Bitcoin'}${deposit.tokenContract ? `, token ${deposit.tokenContract}` : ''}): offer it first.`);
      const amount = toPlain(dec(formatUnits(BigInt(deposit.value), crypto.decimals)));
      // Under the sale's lock (taken above), like every new order: the stages and the hard cap count it with the others.
      const quote = await quoteNowLocked(tx, crypto.code, amount, now, options.rateMaxAgeMinutes);
      if (body.overrideHardCap) await allowOverHardCap(tx);
      // The buyer already paid: not refused for their country (issue 34), but the check is on record.
      const check = await eligibility.check(tx, deposit.userId, null, now);
      const row = await insertOrder(tx, {
        publicId: newPublicId(),
        userId: deposit.userId,
        cryptoCode: crypto.code,
        address: deposit.toAddress,
        depositAddressId: deposit.depositAddressId,
        network: crypto.network,
        chainId: crypto.chainId,
        tokenContract: crypto.tokenContract,
        decimals: crypto.decimals,
        status: 'approved',
        ...quote,
        txHash: deposit.txHash,
        txHashAt: now,
        decidedAt: now,
        decidedBy: actor.id,
        decisionNote: body.note || null,
        eligibility: check,
        expiresAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await assignDeposit(tx, deposit.id, row.id, now);
      await creditApprovedOrder(tx, row, now);
      await recordAudit(tx, actor, 'payment.order', `order:${row.publicId}`, null, {
        payment: deposit.network === 'evm' ? `${String(deposit.chainId)}:${deposit.txHash}:${String(deposit.logIndex)}` : `${deposit.network}:${deposit.txHash}:${deposit.toAddress}`,
        crypto: crypto.code,
        payAmount: quote.payAmount,
        tokens: quote.tokens,
        bonusTokens: quote.bonusTokens,
        rate: quote.rate,
        priceUsd: quote.priceUsd,
        pieces: piecesText(quote.stagePieces),
        note: body.note || null,
        ...(body.overrideHardCap ? { overrideHardCap: true } : {}),
      });
      return row;
    })
    .catch(async (error: unknown) => {
      throw (await creditRefusal(db, error, 'The tokens for this deposit', 'Credit them')) ?? error;
    });
  new OrderExpiry(db, events).announce(released);
  events.publish({ type: 'sale' });
  events.publish({ type: 'order', userId: made.userId, orderId: made.publicId, status: 'approved' });
  return { id: made.publicId };
}
