import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { webRoutes } from './web';

const dist = mkdtempSync(join(tmpdir(), 'presale-web-root-'));
for (const build of ['a', 'b']) {
  mkdirSync(join(dist, 'web-builds', build), { recursive: true });
  writeFileSync(join(dist, 'web-builds', build, 'index.html'), `<!doctype html><title>app ${build}</title>`);
  writeFileSync(join(dist, 'web-builds', build, 'landing.html'), `<!doctype html><title>landing ${build}</title>`);
}
const link = join(dist, 'web');
symlinkSync(join('web-builds', 'a'), link);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function startServing() {
  const app = Fastify();
  await app.register(webRoutes(link));
  return app;
}

describe('the web root', () => {
  it('keeps serving the build it started with after dist/web is pointed at a newer one', async () => {
    const running = await startServing();
    // As scripts/web-builds.ts publishes: a new symlink renamed over the old one.
    symlinkSync(join('web-builds', 'b'), `${link}.next`);
    renameSync(`${link}.next`, link);

    expect((await running.inject('/')).body).toContain('landing a');
    expect((await running.inject('/dashboard')).body).toContain('app a');
    const restarted = await startServing();
    expect((await restarted.inject('/')).body).toContain('landing b');
    await Promise.all([running.close(), restarted.close()]);
  });
});
