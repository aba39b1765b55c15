import { describe, expect, it } from 'vitest';
import { databaseKind, useTestApp } from '../test/harness';
import { claimJobRun } from './claim';

describe(`job claims (${databaseKind})`, () => {
  const t = useTestApp();

  it('lets one of many concurrent claimants run a job per interval', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimJobRun(t.database.db, 'test-job', 60_000, now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(t.database.db, 'test-job', 60_000, new Date(now.getTime() + 59_000))).toBe(false);
    expect(await claimJobRun(t.database.db, 'test-job', 60_000, new Date(now.getTime() + 60_000))).toBe(true);
    expect(await claimJobRun(t.database.db, 'other-job', 60_000, now)).toBe(true);
  });
});
