// The server projects share one database per run (src/server/test/harness.ts). Its first start,
// PGlite's and the migrations on either engine, is the slowest step of a run: 3 s alone, over 60 s
// when CI runs five lanes on two cores. It happens here, before each file's tests with a wait of its
// own (the cached promise costs nothing after the first file), rather than inside whichever test
// happens to run first, whose hook then ran out of time.
import { beforeAll } from 'vitest';
import { testDatabase } from '@/server/test/harness';

beforeAll(async () => {
  await testDatabase();
}, 300_000);
