// The project's folder, which holds the migrations (drizzle/) and the built web app (dist/web). It is
// found from this code's own file: the server runs from src/server through tsx (tests, `npm run dev`)
// and from a bundle in dist/server-builds/<hash> (`npm start`), at different depths below it.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
