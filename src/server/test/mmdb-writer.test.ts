// The test MaxMind DB writer, checked with the `maxmind` reader the server uses.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, type CountryResponse } from 'maxmind';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMmdb, type MmdbNetwork } from './mmdb-writer';

const NETWORKS: MmdbNetwork[] = [
  { network: '81.2.69.0/24', record: { country: { iso_code: 'GB', names: { en: 'United Kingdom' } } } },
  { network: '5.45.192.0/18', record: { country: { iso_code: 'RU' } } },
  { network: '2001:db8::/32', record: { country: { iso_code: 'US' } } },
  { network: '2a02:6b8::/29', record: { country: { iso_code: 'RU' } } },
];

describe('the test MaxMind DB writer', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const recordSize of [24, 28] as const) {
    it(`writes a database the maxmind reader reads (${String(recordSize)}-bit records)`, async () => {
      dir ??= await mkdtemp(join(tmpdir(), 'mmdb-'));
      const file = join(dir, `test-${String(recordSize)}.mmdb`);
      await writeFile(file, writeMmdb(NETWORKS, { recordSize, buildEpoch: 1_750_000_000 }));
      const reader = await open<CountryResponse>(file);
      expect(reader.metadata.databaseType).toBe('GeoLite2-Country');
      expect(reader.metadata.recordSize).toBe(recordSize);
      expect(reader.metadata.buildEpoch.toISOString()).toBe(new Date(1_750_000_000_000).toISOString());
      expect(reader.get('81.2.69.160')?.country?.iso_code).toBe('GB');
      expect(reader.get('81.2.69.160')?.country?.names.en).toBe('United Kingdom');
      expect(reader.get('5.45.255.1')?.country?.iso_code).toBe('RU');
      expect(reader.get('2001:db8::1')?.country?.iso_code).toBe('US');
      expect(reader.get('2a02:6bf:ffff::1')?.country?.iso_code).toBe('RU');
      // Outside every network: nothing.
      expect(reader.get('81.2.70.1')).toBeNull();
      expect(reader.get('8.8.8.8')).toBeNull();
      expect(reader.get('2001:db9::1')).toBeNull();
      expect(reader.getWithPrefixLength('81.2.69.1')[1]).toBe(24);
    });
  }
});
