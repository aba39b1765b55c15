// The operator's MaxMind database (GeoLite2/GeoIP2 Country or City), read with the `maxmind` package
// (decision 039). The path lives in the settings; each instance opens the file on first need, and
// opens it again when the path changes, when a save names it again, or when the file on disk changed
// (its size or modification time, looked at once a minute at most). No watcher: `maxmind`'s
// watchFile cannot be stopped, and a changed path would leave the old one watched.
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { open, validate, type CountryResponse, type Reader } from 'maxmind';
import type { GeoipStatus, Lookup } from '@/contracts/eligibility';

/** How often the file's size and modification time are compared with the ones loaded. */
const RESTAT_MS = 60_000;

interface Loaded {
  path: string;
  reader: Reader<CountryResponse>;
  size: number;
  mtimeMs: number;
  statAt: number;
}

/** A database file that cannot be used, with the reason the operator is told. */
export class GeoipFileError extends Error {}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Opens `path` and checks it is a MaxMind database that knows countries; throws GeoipFileError saying why not. */
async function openChecked(path: string, now: number): Promise<Loaded> {
  if (!isAbsolute(path)) throw new GeoipFileError('Give the full path of the database file on the server (starting with /).');
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new GeoipFileError(`There is no readable file at ${path}: download a GeoLite2 or GeoIP2 Country (or City) database (.mmdb) to the server and give its full path.`);
  }
  if (!info.isFile()) throw new GeoipFileError(`${path} is not a file: give the path of the .mmdb file itself.`);
  let reader: Reader<CountryResponse>;
  try {
    reader = await open<CountryResponse>(path);
  } catch (error) {
    throw new GeoipFileError(`${path} is not a MaxMind database (.mmdb): ${describe(error)}`);
  }
  const type = reader.metadata.databaseType;
  if (!/country|city|enterprise/i.test(type)) throw new GeoipFileError(`${path} is a ${type} database, which does not say countries: use a GeoLite2 or GeoIP2 Country or City database.`);
  return { path, reader, size: info.size, mtimeMs: info.mtimeMs, statAt: now };
}

/** The text form maxmind reads: an IPv4 address mapped into IPv6 (::ffff:a.b.c.d) as IPv4. */
export function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export class GeoipDatabase {
  private loaded: Loaded | undefined;
  /** The last path that failed to open, so a broken setting is not read from disk on every order. */
  private failed: { path: string; at: number; message: string } | undefined;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Checks a path before it is saved (the save's message if it is not usable) and keeps it open. */
  async load(path: string): Promise<void> {
    this.loaded = await openChecked(path, this.clock());
    this.failed = undefined;
  }

  /** The country `ip` is in by the database at `path` (empty: none configured). */
  async lookup(path: string, ip: string): Promise<{ lookup: Exclude<Lookup, 'no_request'>; country: string | null }> {
    const reader = path === '' ? undefined : await this.readerFor(path);
    if (!reader) return { lookup: 'no_database', country: null };
    const address = plainAddress(ip);
    const found = validate(address) ? reader.get(address) : null;
    const country = found?.country?.iso_code ?? null;
    return country ? { lookup: 'found', country } : { lookup: 'not_found', country: null };
  }

  /** What the back-office says about the file at `path`. */
  async status(path: string): Promise<GeoipStatus> {
    if (path === '') return { state: 'none', databaseType: null, builtAt: null, message: null };
    const reader = await this.readerFor(path);
    if (!reader) return { state: 'error', databaseType: null, builtAt: null, message: this.failed?.message ?? 'The database could not be opened.' };
    return { state: 'ok', databaseType: reader.metadata.databaseType, builtAt: reader.metadata.buildEpoch.toISOString(), message: null };
  }

  private async readerFor(path: string): Promise<Reader<CountryResponse> | undefined> {
    const now = this.clock();
    const loaded = this.loaded;
    if (loaded?.path === path) {
      if (now - loaded.statAt < RESTAT_MS) return loaded.reader;
      const info = await stat(path).catch(() => undefined);
      loaded.statAt = now;
      // A file being replaced, or gone: the copy in memory goes on answering until a good one is there.
      if (!info || (info.size === loaded.size && info.mtimeMs === loaded.mtimeMs)) return loaded.reader;
    } else if (this.failed?.path === path && now - this.failed.at < RESTAT_MS) {
      return undefined;
    }
    try {
      await this.load(path);
      return this.loaded?.reader;
    } catch (error) {
      this.failed = { path, at: now, message: describe(error) };
      // A path saved when good whose file is now broken keeps its last good copy.
      return loaded?.path === path ? loaded.reader : undefined;
    }
  }
}
