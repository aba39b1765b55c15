// The setup checklist on /admin: what still stands between the sale and a buyer who can pay.
// Every item is read from the database; nothing is remembered in the browser.
import type { AdminCrypto } from '@/contracts/cryptos';
import type { Setup } from '@/contracts/setup';
import { dec } from '@/domain/decimal';
import type { Queryable } from '../../db/client';
import { hasAudited } from '../audit/audit.service';
import { DEFAULT_PRICE_USD, getSaleSettings } from '../sale/sale.service';

export async function getSetup(db: Queryable, cryptos: AdminCrypto[], now: Date = new Date()): Promise<Setup> {
  const [sale, priceConfirmed, passwordChanged] = await Promise.all([getSaleSettings(db), hasAudited(db, 'price.updated'), hasAudited(db, 'operator.password_changed')]);
  const offered = cryptos.filter((c) => c.offered && !c.stale);
  const enabled = cryptos.filter((c) => c.enabled);
  // Enabled but lacking what a payment needs (an address, a current rate): a buyer cannot pay with them.
  const notReady = enabled.filter((c) => c.address === '' || c.rate === null || c.stale);
  const lacking = (c: AdminCrypto) => (c.address === '' ? 'no address' : 'no current rate');
  const scheduled = sale.scheduledAt !== null;
  const priceSet = priceConfirmed || !dec(sale.priceUsd).eq(DEFAULT_PRICE_USD);

  const items: Setup['items'] = [
    {
      key: 'price',
      done: priceSet,
      title: 'Set the token price',
      detail: priceSet ? `The token costs $${dec(sale.priceUsd).toFixed()}.` : `The price is still the starting value of $${DEFAULT_PRICE_USD}: set or confirm it.`,
    },
    {
      key: 'dates',
      done: scheduled && sale.endsAt > now,
      title: 'Schedule the sale',
      detail: !scheduled
        ? 'No operator has saved the schedule yet: the sale opens only once you do.'
        : sale.endsAt > now
          ? `The sale runs until ${sale.endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
          : 'The sale has ended: set an end time in the future.',
    },
    {
      key: 'crypto',
      done: offered.length > 0,
      title: 'Offer at least one cryptocurrency',
      detail:
        offered.length > 0
          ? `Buyers can pay with ${offered.map((c) => c.code).join(', ')}.`
          : 'No cryptocurrency is enabled with an address and a current rate, so buyers cannot pay.',
    },
    {
      key: 'addresses',
      done: enabled.length > 0 && notReady.length === 0,
      title: 'Set the wallet addresses',
      detail:
        enabled.length === 0
          ? 'No cryptocurrency is enabled.'
          : notReady.length > 0
            ? `Currencies enabled but not ready: ${notReady.map((c) => `${c.code} (${lacking(c)})`).join(', ')}. Complete them or disable them.`
            : 'Every enabled cryptocurrency has an address and a current rate.',
    },
    {
      key: 'password',
      done: passwordChanged,
      title: 'Change the operator password',
      detail: passwordChanged ? 'An operator has changed their password since the team was created.' : 'No operator has changed the password they were created with.',
    },
  ];
  return { complete: items.every((i) => i.done), items };
}
