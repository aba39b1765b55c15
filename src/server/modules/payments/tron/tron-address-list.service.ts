// TRON addresses the operator imports instead of an account key (issue 33, decision 037): checked line
// by line, appended to those imported before, handed out one per buyer in the order imported. The list
// and the key are alternatives: importing makes the list TRON's source, saving a key makes the key it
// again; addresses already handed out stay their buyers'. Every change is audited, never whole lists.
import type { TronAddressesBody, TronSettings } from '@/contracts/payments';
import { ADDRESS_LIST_MESSAGES, fewAddressesLeft, readAddressList } from '@/domain/tron/address-list';
import type { Actor } from '../../../actor';
import type { Db, Queryable } from '../../../db/client';
import { invalid, notFound } from '../../../errors';
import { recordAudit } from '../../audit/audit.service';
import { countHandedOut, deactivateKey, lockActiveKey } from '../deposit-addresses.repository';
import type { DepositAddresses } from '../deposit-addresses.service';
import { refuseWhileOrdersOpen, sourceShown } from '../settings/settings-common';
import { activateAddressList, appendImportedAddresses, countListAddresses, findAddressList, findTakenAddresses, lockAddressList } from './tron-address-list.repository';

/** The imported list as the Payments page shows it; null before anything was imported. */
export async function addressListShown(db: Queryable): Promise<TronSettings['addressList']> {
  const list = await findAddressList(db);
  if (!list) return null;
  const [{ imported, left }, handedOut] = await Promise.all([countListAddresses(db, list), countHandedOut(db, list)]);
  if (imported === 0) return null;
  return { active: list.active, imported, handedOut, left, fewLeft: fewAddressesLeft(left, imported), ranOutAt: list.ranOutAt?.toISOString() ?? null };
}

export class TronAddressListService {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositAddresses,
    private readonly firstAddressOf: (xpub: string) => string | null,
  ) {}

  /**
   * Appends the pasted addresses to TRON's list and makes the list TRON's source. Nothing is kept
   * unless every line is a TRON address not imported or handed out before. Switching from the key is
   * refused while orders await payment to the key's addresses, as replacing the key is.
   */
  async importAddresses(actor: Actor, body: TronAddressesBody, now = new Date()): Promise<void> {
    const read = readAddressList(body.addresses);
    if (!read.ok) throw invalid(read.message, { addresses: read.message });
    await this.db.transaction(async (tx) => {
      const current = await lockActiveKey(tx, 'tron');
      const list = await lockAddressList(tx);
      const taken = await findTakenAddresses(
        tx,
        read.addresses.map((a) => a.address),
      );
      const problems = read.addresses.flatMap(({ line, address }) =>
        taken.imported.has(address) ? [ADDRESS_LIST_MESSAGES.imported(line, address)] : taken.inUse.has(address) ? [ADDRESS_LIST_MESSAGES.inUse(line, address)] : [],
      );
      const [first] = problems;
      if (first !== undefined) {
        const message = ADDRESS_LIST_MESSAGES.withOthers(first, problems.length - 1);
        throw invalid(message, { addresses: message });
      }
      const before = current ? (current.id === list.id ? { source: 'list', ...(await countListAddresses(tx, list)) } : sourceShown(current, this.firstAddressOf)) : null;
      if (current && current.id !== list.id) {
        await refuseWhileOrdersOpen(tx, current, 'replaced', 'addresses');
        await deactivateKey(tx, 'tron');
      }
      await activateAddressList(tx, list.id);
      await appendImportedAddresses(
        tx,
        list.id,
        read.addresses.map((a) => a.address),
        now,
      );
      const counts = await countListAddresses(tx, list);
      const added = { added: read.addresses.length, first: read.addresses[0]?.address ?? null, last: read.addresses.at(-1)?.address ?? null };
      await recordAudit(tx, actor, 'payments.tron_addresses_imported', 'payments:tron', before, { source: 'list', ...added, ...counts });
    });
    this.deposits.forget();
  }

  /**
   * Stops handing out the imported addresses: TRON then has no automatic source until a key is saved
   * or addresses are imported again (which brings back those left). Refused while orders await
   * payment to them.
   */
  async stopUsing(actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await lockActiveKey(tx, 'tron');
      if (current?.source !== 'list') throw notFound('TRON addresses are not being handed out from an imported list.');
      await refuseWhileOrdersOpen(tx, current, 'removed', 'addresses');
      await deactivateKey(tx, 'tron');
      await recordAudit(tx, actor, 'payments.tron_addresses_removed', 'payments:tron', { source: 'list', ...(await countListAddresses(tx, current)) }, null);
    });
    this.deposits.forget();
  }
}
