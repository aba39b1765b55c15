// Every throttle keys an IPv6 client by its /64 (one subscriber is given a whole /64), an IPv4 client
// by its address.
import { describe, expect, it } from 'vitest';
import { databaseKind, REGISTRATION, registerBuyer, useTestApp } from '../test/harness';
import { addressKey } from './client-address';

describe('client address keys', () => {
  it('keep IPv4 addresses, key IPv6 ones by their /64 in any spelling, and read IPv4-mapped ones as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::ffff:1')).toBe(addressKey('2001:db8:1:2:9:8:7:6'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });
});

describe(`throttles key IPv6 clients by /64 (${databaseKind})`, () => {
  const t = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3', REGISTER_LIMIT_PER_IP: '2' });
  const host = (n: number) => `2001:db8:5:6:${n.toString(16)}::1`;

  it('refuse a sign-in once one /64 has failed for the account too often, whichever of its addresses asks', async () => {
    await registerBuyer(t.app);
    const credentials = { email: REGISTRATION.email, password: REGISTRATION.password };
    const tries = [];
    for (let n = 1; n <= 4; n += 1) {
      tries.push((await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: host(n), payload: { ...credentials, password: 'not the password' } })).statusCode);
    }
    expect(tries).toEqual([401, 401, 401, 429]);
    // Another /64 has not failed: it may still try (the owner's own device).
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '2001:db8:5:7::1', payload: credentials });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('count registrations from one /64 together (the per-address limit on the route)', async () => {
    const register = (n: number) =>
      t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: host(n), payload: { ...REGISTRATION, email: `six${String(n)}@example.com` } });
    expect([(await register(1)).statusCode, (await register(2)).statusCode, (await register(3)).statusCode]).toEqual([201, 201, 429]);
  });
});
