import { describe, expect, it } from 'vitest';
import { pixelApplies } from './consent';

describe('pixelApplies', () => {
  it('matches the location and the pages under it', () => {
    expect(pixelApplies('/dashboard', '/dashboard')).toBe(true);
    expect(pixelApplies('/dashboard', '/dashboard/buy-token')).toBe(true);
    expect(pixelApplies('/dashboard/', '/dashboard/buy-token')).toBe(true);
    expect(pixelApplies('/', '/privacy')).toBe(true);
  });
  it('does not match look-alike paths or the back-office', () => {
    expect(pixelApplies('/dashboard', '/dashboards')).toBe(false);
    expect(pixelApplies('/dashboard', '/')).toBe(false);
    expect(pixelApplies('/', '/admin')).toBe(false);
    expect(pixelApplies('/', '/admin/users')).toBe(false);
  });
  it('never matches a page opened from a link with a secret', () => {
    expect(pixelApplies('/', '/reset-password')).toBe(false);
    expect(pixelApplies('/', '/verify-email')).toBe(false);
    expect(pixelApplies('/reset-password', '/reset-password')).toBe(false);
  });
});
