// The operator's MaxMind file as the server reads it (issue 34, decision 039): opened on first need,
// opened again once it changed on disk (looked at once a minute at most), and a broken or missing
// replacement never takes away the last good copy.
import { rm, utimes, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GEO, GEO_NETWORKS, geoipFiles, type GeoipFiles } from '../../test/geoip-fixture';
import { writeMmdb } from '../../test/mmdb-writer';
import { GeoipDatabase, GeoipFileError } from './geoip';

const MINUTE = 60_000;
/** The same networks, the GB one now placed in France. */
const MOVED = GEO_NETWORKS.map((n) => (n.record.country.iso_code === 'GB' ? { ...n, record: { country: { iso_code: 'FR' } } } : n));

describe('the MaxMind file', () => {
  let files: GeoipFiles;
  let now: number;
  let geoip: GeoipDatabase;

  beforeEach(async () => {
    files = await geoipFiles();
    now = Date.parse('2026-11-26T10:00:00Z');
    geoip = new GeoipDatabase(() => now);
  });
  afterEach(() => files.remove());

  /** Writes the file at `path` again, dated `secondsLater` after its first version (a copy's time, not the clock's). */
  async function replace(path: string, contents: Buffer | string, secondsLater: number) {
    await writeFile(path, contents);
    const at = new Date(Date.parse('2026-11-26T09:00:00Z') + secondsLater * 1000);
    await utimes(path, at, at);
  }

  it('answers from a replaced file once a minute has passed, IPv4 and IPv6 alike', async () => {
    const path = await files.write('country.mmdb');
    expect(await geoip.lookup(path, GEO.gb4)).toEqual({ lookup: 'found', country: 'GB' });
    expect(await geoip.lookup(path, `::ffff:${GEO.gb4}`)).toEqual({ lookup: 'found', country: 'GB' });
    expect(await geoip.lookup(path, GEO.us6)).toEqual({ lookup: 'found', country: 'US' });
    expect(await geoip.lookup(path, GEO.unknown4)).toEqual({ lookup: 'not_found', country: null });

    await replace(path, writeMmdb(MOVED), 60);
    now += MINUTE / 2;
    expect(await geoip.lookup(path, GEO.gb4)).toEqual({ lookup: 'found', country: 'GB' });
    now += MINUTE;
    expect(await geoip.lookup(path, GEO.gb4)).toEqual({ lookup: 'found', country: 'FR' });
    expect(await geoip.lookup(path, GEO.ru6)).toEqual({ lookup: 'found', country: 'RU' });
  });

  it('keeps the last good copy while the file is broken or gone, and says nothing is wrong', async () => {
    const path = await files.write('country.mmdb');
    expect(await geoip.lookup(path, GEO.ru4)).toEqual({ lookup: 'found', country: 'RU' });

    await replace(path, 'half a download', 60);
    now += 2 * MINUTE;
    expect(await geoip.lookup(path, GEO.ru4)).toEqual({ lookup: 'found', country: 'RU' });
    expect(await geoip.status(path)).toMatchObject({ state: 'ok' });

    await rm(path);
    now += 2 * MINUTE;
    expect(await geoip.lookup(path, GEO.ru4)).toEqual({ lookup: 'found', country: 'RU' });
  });

  it('refuses a path that is not a usable country database, saying why, and a new instance holds nothing of it', async () => {
    await expect(geoip.load('country.mmdb')).rejects.toThrow(new GeoipFileError('Give the full path of the database file on the server (starting with /).'));
    await expect(geoip.load(`${files.dir}/missing.mmdb`)).rejects.toThrow(/There is no readable file at/);
    await expect(geoip.load(files.dir)).rejects.toThrow(/is not a file/);
    const text = `${files.dir}/notes.mmdb`;
    await writeFile(text, 'not a database');
    await expect(geoip.load(text)).rejects.toThrow(/is not a MaxMind database/);
    const asn = await files.write('asn.mmdb', { databaseType: 'GeoLite2-ASN' });
    await expect(geoip.load(asn)).rejects.toThrow(/GeoLite2-ASN database, which does not say countries/);
    // Never loaded: lookups say no database, and the back-office says why.
    expect(await geoip.lookup(asn, GEO.gb4)).toEqual({ lookup: 'no_database', country: null });
    expect(await geoip.status(asn)).toMatchObject({ state: 'error', message: expect.stringMatching(/does not say countries/) as unknown });
  });
});
