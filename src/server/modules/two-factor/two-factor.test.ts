// Two-factor sign-in (issue 15): enrolment confirmed by a first code, sign-in with a code (each
// time step once) or a recovery code (each once), the Owners' rule that every operator has it,
// an Owner's reset for a lost device, and buyers turning it on and off.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TOTP_CODE_REQUIRED, TOTP_CODE_WRONG, TOTP_ENROL_REQUIRED, TOTP_REQUIRED_BY_SALE, type Enrolment } from '@/contracts/two-factor';
import { cookieValue, databaseKind, OPERATOR, REGISTRATION, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OP = 'presale_operator_session';
/** The app's code for a moment `offset` time steps from now. */
const codeAt = (secret: string, offset = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

describe(`two-factor sign-in (${databaseKind})`, () => {
  const t = useTestApp();

  const enrol = async (prefix: '/api/admin' | '/api/me', cookies: Record<string, string>, password = prefix === '/api/me' ? REGISTRATION.password : OPERATOR.password) => {
    const started = await t.app.inject({ method: 'POST', url: `${prefix}/two-factor/enrolment`, cookies });
    expect(started.statusCode, started.body).toBe(200);
    const enrolment = started.json<Enrolment>();
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.qr).toMatch(/^data:image\/png;base64,/);
    const wrong = await t.app.inject({ method: 'POST', url: `${prefix}/two-factor`, cookies, payload: { code: codeAt(enrolment.secret, 5), password } });
    expect(wrong.json()).toMatchObject({ error: { fields: { code: TOTP_CODE_WRONG } } });
    const confirmCode = codeAt(enrolment.secret);
    // Turning it on asks for the password: without it, or with a wrong one, it stays off.
    const bare = await t.app.inject({ method: 'POST', url: `${prefix}/two-factor`, cookies, payload: { code: confirmCode } });
    expect([bare.statusCode, bare.json<{ error: { fields: Record<string, string> } }>().error.fields.password]).toEqual([400, 'This field is required.']);
    const wrongPassword = await t.app.inject({ method: 'POST', url: `${prefix}/two-factor`, cookies, payload: { code: confirmCode, password: 'not the password at all' } });
    expect([wrongPassword.statusCode, wrongPassword.json<{ error: { fields: Record<string, string> } }>().error.fields.password]).toEqual([400, 'The password is not right.']);
    expect((await t.app.inject({ method: 'GET', url: `${prefix}/two-factor`, cookies })).json()).toMatchObject({ enabled: false });
    const confirmed = await t.app.inject({ method: 'POST', url: `${prefix}/two-factor`, cookies, payload: { code: confirmCode, password } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    return { secret: enrolment.secret, recoveryCodes, confirmCode };
  };

  const operatorSignIn = (code?: string) => t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { ...OPERATOR, ...(code ? { code } : {}) } });

  it('asks an operator for a code once it is on, accepts each code once and each recovery code once', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const { secret, recoveryCodes, confirmCode } = await enrol('/api/admin', { [OP]: cookie });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/two-factor', cookies: { [OP]: cookie } })).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    const bare = await operatorSignIn();
    expect([bare.statusCode, bare.json<{ error: { fields: Record<string, string> } }>().error.fields.code]).toEqual([401, TOTP_CODE_REQUIRED]);
    // The code that confirmed enrolment was used: its time step is spent.
    // (Each code is computed once: a test crossing a 30-second boundary still means the same step.)
    expect((await operatorSignIn(confirmCode)).json()).toMatchObject({ error: { fields: { code: TOTP_CODE_WRONG } } });
    const next = codeAt(secret, 1);
    expect((await operatorSignIn(next)).statusCode).toBe(200);
    expect((await operatorSignIn(next)).statusCode).toBe(401);
    expect((await operatorSignIn('123456')).statusCode).toBe(401);
    const recovery = recoveryCodes[0] ?? '';
    const signedIn = await operatorSignIn(recovery.toUpperCase());
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await operatorSignIn(recovery)).statusCode).toBe(401);
    const session = signedIn.cookies.find((c) => c.name === OP)?.value ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/two-factor', cookies: { [OP]: session } })).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('sends operators without it to enrolment when the Owners require it, and lets an Owner reset a lost device', async () => {
    const owner = await signInOperator(t.app, t.database);
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/operators', cookies: { [OP]: owner }, payload: { login: 'fin', role: 'approver' } });
    const { operator, oneTimePassword } = added.json<{ operator: { id: number }; oneTimePassword: string }>();
    const fin = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: 'fin', password: oneTimePassword } })).cookies.find((c) => c.name === OP)?.value ?? '';
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/password',
      cookies: { [OP]: fin },
      payload: { login: 'fin', oldPassword: oneTimePassword, newPassword: 'a ledger of quiet herons', confirmNewPassword: 'a ledger of quiet herons' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OP]: fin } })).statusCode).toBe(200);

    // The Owner enrols first (the rule applies to them too), then requires it.
    await enrol('/api/admin', { [OP]: owner });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/operators/policy', cookies: { [OP]: owner }, payload: { requireTwoFactor: true } })).json()).toEqual({ requireTwoFactor: true });
    const blocked = await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OP]: fin } });
    expect([blocked.statusCode, blocked.json<{ error: { message: string } }>().error.message]).toEqual([403, TOTP_ENROL_REQUIRED]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', cookies: { [OP]: fin } })).json()).toMatchObject({ mustEnrolSecondFactor: true });
    const { secret } = await enrol('/api/admin', { [OP]: fin }, 'a ledger of quiet herons');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', cookies: { [OP]: fin } })).statusCode).toBe(200);
    // While required, it cannot be turned off.
    const off = await t.app.inject({ method: 'DELETE', url: '/api/admin/two-factor', cookies: { [OP]: fin }, payload: { password: 'a ledger of quiet herons', code: codeAt(secret, 1) } });
    expect(off.json()).toMatchObject({ error: { message: TOTP_REQUIRED_BY_SALE } });

    // Lost device: the Owner resets it; fin signs in with the password alone and must enrol again.
    const reset = await t.app.inject({ method: 'DELETE', url: `/api/admin/operators/${String(operator.id)}/two-factor`, cookies: { [OP]: owner } });
    expect(reset.json()).toMatchObject({ login: 'fin', twoFactor: false });
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login: 'fin', password: 'a ledger of quiet herons' } });
    expect(again.json()).toMatchObject({ login: 'fin', mustEnrolSecondFactor: true });
  });

  it('lets a buyer turn it on in their profile and off again with their password and a code', async () => {
    const buyer = await registerBuyer(t.app);
    const cookies = { presale_session: buyer.cookie };
    // Signed in elsewhere too (another device, or whoever holds the password): that session ends when it is turned on.
    const elsewhere = cookieValue(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password } }), 'presale_session') ?? '';
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: elsewhere } })).statusCode).toBe(200);
    const { secret, recoveryCodes } = await enrol('/api/me', cookies);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies: { presale_session: elsewhere } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', cookies })).statusCode).toBe(200);
    const signIn = (code?: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: REGISTRATION.email, password: REGISTRATION.password, ...(code ? { code } : {}) } });
    expect((await signIn()).json()).toMatchObject({ error: { fields: { code: TOTP_CODE_REQUIRED } } });
    expect((await signIn(codeAt(secret, 1))).statusCode).toBe(200);
    const wrongPassword = await t.app.inject({ method: 'DELETE', url: '/api/me/two-factor', cookies, payload: { password: 'not it at all', code: codeAt(secret, -1) } });
    expect(wrongPassword.json()).toMatchObject({ error: { fields: { password: 'The password is not right.' } } });
    // The app's codes of this minute are spent (enrolment, sign-in): a recovery code serves.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/two-factor', cookies, payload: { password: REGISTRATION.password, code: codeAt(secret, -1) } })).statusCode).toBe(401);
    const off = await t.app.inject({ method: 'DELETE', url: '/api/me/two-factor', cookies, payload: { password: REGISTRATION.password, code: recoveryCodes[3] ?? '' } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });
});

describe(`wrong second-factor codes are counted per account (${databaseKind})`, () => {
  const t = useTestApp({ LOGIN_LIMIT_PER_ACCOUNT: '3' });

  const enrolled = async (prefix: '/api/admin' | '/api/me', cookies: Record<string, string>) => {
    const { secret } = (await t.app.inject({ method: 'POST', url: `${prefix}/two-factor/enrolment`, cookies })).json<Enrolment>();
    const confirmed = await t.app.inject({ method: 'POST', url: `${prefix}/two-factor`, cookies, payload: { code: codeAt(secret), password: prefix === '/api/me' ? REGISTRATION.password : OPERATOR.password } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
  };
  /** A code that is not the app's now (nor a step either side). */
  const wrongCode = (secret: string) => {
    const near = new Set([codeAt(secret, -1), codeAt(secret), codeAt(secret, 1), codeAt(secret, 2)]);
    return ['000000', '111111', '222222', '333333', '444444'].find((c) => !near.has(c)) ?? '555555';
  };

  it('locks code entry for a buyer after the limit, from any address, while a recovery code still signs in', async () => {
    const buyer = await registerBuyer(t.app);
    const { secret, recoveryCodes } = await enrolled('/api/me', { presale_session: buyer.cookie });
    const signIn = (code: string, n: number) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: `198.51.100.${String(n)}`, payload: { email: REGISTRATION.email, password: REGISTRATION.password, code } });
    const wrong = wrongCode(secret);
    expect([(await signIn(wrong, 1)).statusCode, (await signIn(wrong, 2)).statusCode, (await signIn(wrong, 3)).statusCode]).toEqual([401, 401, 401]);
    // A fourth address, even with the right code: code entry is locked for the account.
    const locked = await signIn(codeAt(secret, 1), 4);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json<{ error: { fields: { code: string } } }>().error.fields.code).toMatch(/^Too many wrong codes: code entry is locked for this account/);
    const recovered = await signIn(recoveryCodes[0] ?? '', 5);
    expect(recovered.statusCode, recovered.body).toBe(200);
  });

  it('locks an operator’s code entry the same way, at sign-in and at step-up', async () => {
    const cookie = await signInOperator(t.app, t.database);
    const { secret, recoveryCodes } = await enrolled('/api/admin', { [OP]: cookie });
    const wrong = wrongCode(secret);
    const stepUp = (code: string) => t.app.inject({ method: 'POST', url: '/api/admin/step-up', cookies: { [OP]: cookie }, payload: { password: OPERATOR.password, code } });
    const signIn = (code: string, n: number) => t.app.inject({ method: 'POST', url: '/api/admin/auth/login', remoteAddress: `2001:db8:${String(n)}::1`, payload: { ...OPERATOR, code } });
    expect([(await stepUp(wrong)).statusCode, (await signIn(wrong, 1)).statusCode, (await signIn(wrong, 2)).statusCode]).toEqual([401, 401, 401]);
    expect((await signIn(codeAt(secret, 1), 3)).statusCode).toBe(429);
    expect((await stepUp(codeAt(secret, 1))).statusCode).toBe(429);
    expect((await signIn(recoveryCodes[1] ?? '', 4)).statusCode).toBe(200);
  });
});
