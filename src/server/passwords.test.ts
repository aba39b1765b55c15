// The recommended cost is what the server uses: this file runs without the database suites' cheap setting.
import { describe, expect, it } from 'vitest';
import { hashPassword, useCheapPasswordHashingInTests, verifyAgainstNothing, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP’s recommended minimum and verifies', async () => {
    const stored = await hashPassword('a long enough password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'a long enough password')).toBe(true);
    expect(await verifyPassword(stored, 'another password')).toBe(false);
    expect(await verifyPassword('not a hash', 'a long enough password')).toBe(false);
    expect(await verifyAgainstNothing('a long enough password')).toBe(false);
  });

  it('verifies a recommended-cost hash after the tests’ cheap cost is switched on, as hashes carry their parameters', async () => {
    const stored = await hashPassword('a long enough password');
    useCheapPasswordHashingInTests();
    const cheap = await hashPassword('a long enough password');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(stored, 'a long enough password')).toBe(true);
    expect(await verifyPassword(cheap, 'a long enough password')).toBe(true);
  });
});
