import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, HOST: 'localhost', DATA_DIR: './data', PUBLIC_URL: 'http://localhost:3000', RATE_REFRESH_MINUTES: 5, RATE_MAX_AGE_MINUTES: 60 });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', HOST: '', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', DATA_DIR: '' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(keys.sort()).toEqual(['DATABASE_URL', 'DATA_DIR', 'HOST', 'PORT', 'PUBLIC_URL']);
  });

  it('treats an empty DATABASE_URL as unset and trims the public URL', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://sale.example.com/' })).toMatchObject({ DATABASE_URL: undefined, PUBLIC_URL: 'https://sale.example.com' });
  });

  it('needs both or neither of ADMIN_LOGIN and ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_LOGIN: 'root' })).toThrow(/ADMIN_LOGIN and ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_LOGIN: 'root', ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
  });

  it('counts order expiry in minutes from 1, and runs the expiry job every minute, unless set otherwise', () => {
    expect(loadConfig({})).toMatchObject({ ORDER_EXPIRY_UNIT: 'minutes', ORDER_EXPIRY_MIN: 1, ORDER_EXPIRY_JOB_SECONDS: 60 });
    expect(loadConfig({ ORDER_EXPIRY_UNIT: 'seconds', ORDER_EXPIRY_MIN: '5', ORDER_EXPIRY_JOB_SECONDS: '1' })).toMatchObject({ ORDER_EXPIRY_UNIT: 'seconds', ORDER_EXPIRY_MIN: 5, ORDER_EXPIRY_JOB_SECONDS: 1 });
    expect(() => loadConfig({ ORDER_EXPIRY_UNIT: 'hours' })).toThrow(/ORDER_EXPIRY_UNIT/);
    expect(() => loadConfig({ ORDER_EXPIRY_MIN: '0' })).toThrow(/ORDER_EXPIRY_MIN/);
    expect(() => loadConfig({ ORDER_EXPIRY_MIN: '1.5' })).toThrow(/ORDER_EXPIRY_MIN/);
    // The shortest window cannot pass the longest, 7 days, in its unit.
    expect(() => loadConfig({ ORDER_EXPIRY_MIN: '10081' })).toThrow(/ORDER_EXPIRY_MIN: must be at most 7 days \(10080 minutes\)/);
    expect(loadConfig({ ORDER_EXPIRY_UNIT: 'seconds', ORDER_EXPIRY_MIN: '10081' }).ORDER_EXPIRY_MIN).toBe(10_081);
    expect(() => loadConfig({ ORDER_EXPIRY_JOB_SECONDS: '0' })).toThrow(/ORDER_EXPIRY_JOB_SECONDS/);
  });

  it('is listed in full in .env.example, with the true defaults', () => {
    const example = readFileSync(join(import.meta.dirname, '../../.env.example'), 'utf8');
    const settings = [...example.matchAll(/^(# )?([A-Z_]+)=(.*)$/gm)];
    expect(settings.map((m) => m[2]).sort()).toEqual([...CONFIG_KEYS].sort());
    const defaults = Object.fromEntries(settings.filter((m) => m[1] === undefined).map((m) => [m[2] ?? '', m[3]] as const));
    expect(loadConfig(defaults)).toEqual(loadConfig({}));
  });
});
