// Starts the real server process (as `npm start` does, minus the web build) on a fresh data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePorts, killServers, startServer as start, waitForOutput as waitFor } from './test/process';

const dataDirs: string[] = [];

afterEach(async () => {
  await killServers();
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };

describe('the server process', () => {
  it('starts on the embedded database, prints the URL and first operator, locks its folder, shuts down on SIGTERM and keeps data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'presale-main-'));
    dataDirs.push(dataDir);
    const port = String((await freePorts(1))[0]);
    const base = `http://127.0.0.1:${port}`;
    const first = start({ PORT: port, DATA_DIR: dataDir });
    await waitFor(first.output, 'Presale is running');
    expect(first.output()).toContain(`Open ${base}`);
    // Printed just after, by a write of its own: it may reach the pipe a moment later.
    await waitFor(first.output, 'Sign in with login');
    expect(first.output()).toMatch(/Sign in with login "admin" and password:\s+\S{24}/);

    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Persisted Buyer', email: 'persist@example.com', password: 'persist password', confirmPassword: 'persist password', termsVersion: 1, country: 'DE' }),
    });
    expect(register.status).toBe(201);

    const second = start({ PORT: String(Number(port) + 1), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another Presale process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = start({ PORT: port, DATA_DIR: dataDir });
    await waitFor(again.output, 'Presale is running');
    expect(again.output()).not.toContain('First operator created');
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'persist@example.com', password: 'persist password' }) });
    expect(login.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('refuses to create the first operator with a guessable ADMIN_PASSWORD, saying why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'presale-main-'));
    dataDirs.push(dataDir);
    const weak = start({ PORT: String((await freePorts(1))[0]), DATA_DIR: dataDir, ADMIN_LOGIN: 'root', ADMIN_PASSWORD: 'password1' });
    expect(await weak.exited).toBe(1);
    expect(weak.output()).toContain('ADMIN_LOGIN and ADMIN_PASSWORD: This password is too common or easy to guess');
    expect(weak.output()).not.toContain('Presale is running');
  }, 120_000);

  it('refuses to start with bad configuration, naming every bad key', async () => {
    const bad = start({ PORT: 'abc', DATABASE_URL: 'mysql://nope', PUBLIC_URL: 'not a url' });
    expect(await bad.exited).toBe(1);
    for (const key of ['PORT', 'DATABASE_URL', 'PUBLIC_URL']) expect(bad.output()).toContain(key);
  }, 120_000);
});
