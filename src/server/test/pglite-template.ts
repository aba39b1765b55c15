// Where tests, the browser suite and the benchmarks keep the data folder initdb made once: their new
// embedded data folders are copies of it (PGLITE_TEMPLATE_DIR, src/server/db/pglite-first-start.ts).
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';

export const PGLITE_TEMPLATE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'presale-pglite');
