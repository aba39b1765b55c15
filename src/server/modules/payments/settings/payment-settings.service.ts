// The operator's payment settings as the Payments page shows them: each chain family's part (evm/,
// utxo/, lookups/ save their own), and what each role may see of it. An endpoint's URL never leaves
// the server (it may carry an API key), only its host.
import type { PaymentSettings } from '@/contracts/payments';
import { can, type Role } from '@/contracts/permissions';
import type { Queryable } from '../../../db/client';
import { evmSettingsShown } from '../evm/evm-settings.service';
import { lookupSettingsShown } from '../lookups/lookup-settings.service';
import { tronSettingsShown } from '../tron/tron-settings.service';
import { utxoSettingsShown } from '../utxo/utxo-settings.service';

export async function getPaymentSettings(db: Queryable, now = new Date()): Promise<PaymentSettings> {
  const [evm, utxoChains, tron, lookups] = await Promise.all([evmSettingsShown(db, now), utxoSettingsShown(db, now), tronSettingsShown(db, now), lookupSettingsShown(db)]);
  return { utxoChains, ...evm, tron, lookups };
}

/**
 * The settings as `role` may see them. An account key (xpub, zpub…) reads every address the account
 * ever uses, so the whole treasury's history: Owners alone see it; everyone who may read the page
 * sees its fingerprint and first addresses.
 */
export function paymentSettingsFor(role: Role, settings: PaymentSettings): PaymentSettings {
  if (can(role, 'own')) return settings;
  return {
    ...settings,
    evmKey: settings.evmKey && { ...settings.evmKey, xpub: null },
    utxoChains: settings.utxoChains.map((c) => ({ ...c, key: c.key && { ...c.key, xpub: null } })),
    tron: { ...settings.tron, key: settings.tron.key && { ...settings.tron.key, xpub: null } },
  };
}
