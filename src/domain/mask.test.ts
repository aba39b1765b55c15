import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask';

describe('maskEmail', () => {
  it('keeps two letters, the domain initial and the top-level domain', () => {
    expect(maskEmail('john.doe@gmail.com')).toBe('jo***@g***.com');
    expect(maskEmail('ab@example.co.uk')).toBe('a***@e***.uk');
    expect(maskEmail('x@y.org')).toBe('x***@y***.org');
  });
  it('never shows a whole local part or host', () => {
    expect(maskEmail('ab@cd.io')).not.toContain('ab@');
    expect(maskEmail('nobody')).toBe('***');
  });
});
