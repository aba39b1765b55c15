// New embedded data folders from a template (decision 047): the first folder's initdb is kept, and
// later folders are independent copies of it; servers starting together agree on one template.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPgliteDataDir } from './pglite-first-start';

const PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
let root: string;

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('a new PGlite data folder', () => {
  it('is copied from one template made once, even when servers start together, and each copy is a database of its own', async () => {
    root = mkdtempSync(join(tmpdir(), 'presale-template-'));
    vi.stubEnv('PGLITE_TEMPLATE_DIR', join(root, 'templates'));
    // Two folders at once on an empty template folder: both made, one template kept, no half-made one left.
    await Promise.all([createPgliteDataDir(join(root, 'a'), PARAMS), createPgliteDataDir(join(root, 'b'), PARAMS)]);
    const templates = readdirSync(join(root, 'templates'));
    expect(templates).toHaveLength(1);
    expect(templates[0]).toMatch(/^pglite-\d+\.\d+\.\d+-[0-9a-f]{12}$/);
    await createPgliteDataDir(join(root, 'c'), PARAMS);
    expect(readdirSync(join(root, 'templates'))).toEqual(templates);

    const c = new PGlite(join(root, 'c'), { startParams: PARAMS });
    await c.exec('create table only_in_c (id int)');
    await c.close();
    const a = new PGlite(join(root, 'a'), { startParams: PARAMS });
    const tables = await a.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'only_in_c'");
    await a.close();
    expect(tables.rows[0]?.n).toBe(0);
  }, 120_000);
});
