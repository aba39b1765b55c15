// A small GeoLite2-like Country database for the country tests (issue 34), written to a folder of
// its own: GB and RU networks in IPv4, US and RU networks in IPv6.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMmdb, type MmdbOptions } from './mmdb-writer';

/** Addresses the database places, and one it does not know. */
export const GEO = { gb4: '81.2.69.160', ru4: '5.45.200.1', us6: '2001:db8::1', ru6: '2a02:6b8::1', unknown4: '198.51.100.7' } as const;

export const GEO_NETWORKS = [
  { network: '81.2.69.0/24', record: { country: { iso_code: 'GB' } } },
  { network: '5.45.192.0/18', record: { country: { iso_code: 'RU' } } },
  { network: '2001:db8::/32', record: { country: { iso_code: 'US' } } },
  { network: '2a02:6b8::/29', record: { country: { iso_code: 'RU' } } },
];

export interface GeoipFiles {
  dir: string;
  /** Writes a database file under the folder and returns its path. */
  write(name: string, options?: MmdbOptions, networks?: typeof GEO_NETWORKS): Promise<string>;
  remove(): Promise<void>;
}

export async function geoipFiles(): Promise<GeoipFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'presale-geoip-'));
  return {
    dir,
    async write(name, options = {}, networks = GEO_NETWORKS) {
      const path = join(dir, name);
      await writeFile(path, writeMmdb(networks, options));
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
