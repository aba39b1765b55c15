import { describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from './security';

describe('security headers', () => {
  it('are the headers helmet sets, with HSTS and upgrade-insecure-requests only over https', () => {
    const plain = helmetHeaders(helmetOptions(false, false));
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['x-frame-options']).toBe('SAMEORIGIN');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain['x-powered-by']).toBeUndefined();

    const https = helmetHeaders(helmetOptions(true, false));
    expect(https['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(https['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('name the pixel hosts only in the policy for a configured pixel', () => {
    const without = helmetHeaders(helmetOptions(false, false))['content-security-policy'];
    const withPixels = helmetHeaders(helmetOptions(false, true))['content-security-policy'];
    expect(without).not.toContain('facebook');
    expect(withPixels).toContain("script-src 'self' https://connect.facebook.net;");
    expect(withPixels).toContain("connect-src 'self' https://www.facebook.com;");
  });
});
