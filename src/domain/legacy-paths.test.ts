import { describe, expect, it } from 'vitest';
import { legacyOperatorTarget } from './legacy-paths';

describe('the original kit operator paths', () => {
  it.each([
    ['/oligarhvalera', '/admin'],
    ['/oligarhvalera/', '/admin'],
    ['/oligarhvalera/login', '/admin/login'],
    ['/oligarhvalera/dashboard', '/admin'],
    ['/oligarhvalera/dashboard/users', '/admin/users'],
    ['/oligarhvalera/dashboard/transactions/', '/admin/transactions'],
    ['/oligarhvalera/dashboard/main-currency', '/admin/main-currency'],
    ['/oligarhvalera/dashboard/Change-Password', '/admin/change-password'],
    ['/oligarhvalera/dashboard/crypto', '/admin'],
    ['/oligarhvalera/dashboard/users/7/edit', '/admin'],
  ])('%s goes to %s', (path, target) => {
    expect(legacyOperatorTarget(path)).toBe(target);
  });

  it('leaves other paths alone', () => {
    for (const path of ['/', '/admin', '/oligarhvalerax', '/dashboard/oligarhvalera']) expect(legacyOperatorTarget(path)).toBeNull();
  });
});
