// An account key (xpub, zpub…) reads every address the account ever uses, so the whole treasury's
// history: the Payments settings give the key itself to Owners only, and to every role that may read
// them its fingerprint and first addresses.
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '@/contracts/payments';
import { ROLES } from '@/contracts/permissions';
import { databaseKind, OPERATOR, signInOperator, useTestApp } from '../../../test/harness';

const COOKIE = 'presale_operator_session';
const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };
const seed = mnemonicToSeedSync(PHRASE);
const evmAccount = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'");
const bitcoinAccount = HDKey.fromMasterSeed(seed, ZPUB_VERSIONS).derive("m/84'/0'/0'");
const hex = (fingerprint: number) => fingerprint.toString(16).padStart(8, '0');

describe(`account keys by role (${databaseKind})`, () => {
  const t = useTestApp();

  it('gives the key itself to Owners only, and its fingerprint and first addresses to every role', async () => {
    const owner = await signInOperator(t.app, t.database);
    const put = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, cookies: { [COOKIE]: owner }, payload });
    expect((await put('/api/admin/payments/evm-key', { xpub: evmAccount.publicExtendedKey })).statusCode).toBe(200);
    const saved = await put('/api/admin/payments/utxo/bitcoin/key', { xpub: bitcoinAccount.publicExtendedKey });
    expect(saved.statusCode, saved.body).toBe(200);
    const bitcoinFirst = saved.json<PaymentSettings>().utxoChains.find((c) => c.chain === 'bitcoin')?.key?.firstAddresses;
    // BIP-84's test vector: the account's first receiving address.
    expect(bitcoinFirst?.[0]).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');

    for (const role of ROLES) {
      const cookie = role === 'owner' ? owner : await signInOperator(t.app, t.database, `the-${role}`, OPERATOR.password, role);
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/payments', cookies: { [COOKIE]: cookie } });
      expect([role, res.statusCode]).toEqual([role, 200]);
      const settings = res.json<PaymentSettings>();
      const keyShown = role === 'owner';
      expect([role, settings.evmKey]).toEqual([
        role,
        { xpub: keyShown ? evmAccount.publicExtendedKey : null, fingerprint: hex(evmAccount.fingerprint), firstAddresses: expect.arrayContaining([expect.stringMatching(/^0x/)]) as unknown, handedOut: 0 },
      ]);
      expect([role, settings.utxoChains.find((c) => c.chain === 'bitcoin')?.key]).toEqual([
        role,
        expect.objectContaining({ xpub: keyShown ? bitcoinAccount.publicExtendedKey : null, fingerprint: hex(bitcoinAccount.fingerprint), firstAddresses: bitcoinFirst }) as unknown,
      ]);
      if (!keyShown) {
        expect(res.body).not.toContain(evmAccount.publicExtendedKey);
        expect(res.body).not.toContain(bitcoinAccount.publicExtendedKey);
        // HEAD answers as GET does, with no body at all.
        expect((await t.app.inject({ method: 'HEAD', url: '/api/admin/payments', cookies: { [COOKIE]: cookie } })).body).toBe('');
      }
    }
  });
});
