// An order an operator makes from an unallocated deposit: the buyer sent money with no open order,
// and the operator credits it at today's rate and token price. The order is made approved, holds the
// deposit, and credits the ledger, all in one transaction with its audit entry.
import { formatUnits } from 'viem';
import { dec, toPlain } from '@/domain/decimal';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { hardCapRefusal } from '../../db/errors';
import { AppError, conflict } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { findCryptoByCode, findCryptosPaidOn } from '../cryptos/cryptos.service';
import { assignDeposit, takeUnallocatedDeposit } from '../payments/unallocated.service';
import { getSaleSettings, lockSale } from '../sale/sale.service';
import { allowOverHardCap, creditOrder } from './order-changes.repository';
import { insertOrder } from './order-creation.repository';
import { currentRateAndPrice, requote } from './order-requote';
import { newPublicId } from './public-id';

export async function createOrderFromDeposit(
  db: Db,
  events: EventBus,
  options: { rateMaxAgeMinutes: number },
  actor: Actor,
  paymentId: number,
  body: { note: string; overrideHardCap: boolean },
  now = new Date(),
): Promise<{ id: string }> {
  const made = await db
    .transaction(async (tx) => {
      const deposit = await takeUnallocatedDeposit(tx, paymentId);
      if (!deposit || deposit.userId === null) throw conflict('This deposit is not unallocated any more: it was assigned to an order or dismissed already.');
      if (deposit.state !== 'confirmed') throw conflict('This deposit is not confirmed yet: credit it once it is.');
      const matching = (await findCryptosPaidOn(tx, deposit)).find((c) => (c.tokenContract?.toLowerCase() ?? null) === deposit.tokenContract);
      const crypto = matching ? await findCryptoByCode(tx, matching.code) : undefined;
      if (!crypto || crypto.decimals === null) throw conflict(`No offered currency matches this deposit (${deposit.network === 'evm' ? `chain ${String(deposit.chainId)}` : 'Bitcoin'}${deposit.tokenContract ? `, token ${deposit.tokenContract}` : ''}): offer it first.`);
      // Under the sale's lock, like every new order: the hard cap counts it with the others.
      await lockSale(tx);
      const at = await currentRateAndPrice(tx, crypto.code, now, options.rateMaxAgeMinutes);
      if ('refusal' in at) throw conflict(at.refusal);
      const amount = toPlain(dec(formatUnits(BigInt(deposit.value), crypto.decimals)));
      const quote = requote(amount, at);
      if (!dec(quote.tokens).gt(0)) throw conflict(`This deposit (${amount} ${crypto.code}) buys no tokens at today's rate.`);
      if (body.overrideHardCap) await allowOverHardCap(tx);
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
        expiresAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await assignDeposit(tx, deposit.id, row.id, now);
      await creditOrder(tx, row);
      await recordAudit(tx, actor, 'payment.order', `order:${row.publicId}`, null, {
        payment: deposit.network === 'evm' ? `${String(deposit.chainId)}:${deposit.txHash}:${String(deposit.logIndex)}` : `${deposit.network}:${deposit.txHash}:${deposit.toAddress}`,
        crypto: crypto.code,
        payAmount: quote.payAmount,
        tokens: quote.tokens,
        bonusTokens: quote.bonusTokens,
        rate: quote.rate,
        priceUsd: quote.priceUsd,
        note: body.note || null,
        ...(body.overrideHardCap ? { overrideHardCap: true } : {}),
      });
      return row;
    })
    .catch(async (error: unknown) => {
      const refusal = hardCapRefusal(error);
      if (!refusal) throw error;
      const sale = await getSaleSettings(db);
      throw new AppError(
        'over_hard_cap',
        `The tokens for this deposit no longer fit under the hard cap (${toPlain(dec(refusal.tokensLeft))} ${sale.tokenSymbol} left). Credit them beyond the cap only if you mean to sell more than the cap.`,
      );
    });
  events.publish({ type: 'sale' });
  events.publish({ type: 'order', userId: made.userId, orderId: made.publicId, status: 'approved' });
  return { id: made.publicId };
}
