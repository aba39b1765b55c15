import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { findPasswordWeakness, personalWords, refuseWeakPassword } from './password-strength';
import { generatePassword } from './modules/operators/operators.service';

const ADVICE = 'Use a longer phrase of unrelated words.';

describe('password strength', () => {
  it.each([
    ['12345678', 'it is one of the most used passwords'],
    ['password1', 'it is a commonly used password'],
    ['P@ssw0rd', 'it is close to a commonly used password'],
    ['qwertyuiop', 'it is a very often used password'],
    ['abcdefghij', 'sequences like "abc" or "1234" are easy to guess'],
    ['aaaaaaaaaaaa', 'repeated characters like "aaa" are easy to guess'],
  ])('refuses %j and says why', async (password, why) => {
    expect(await findPasswordWeakness(password)).toBe(`This password is too common or easy to guess: ${why}. ${ADVICE}`);
  });

  it('refuses a password made of the person’s own e-mail, name or login, which it accepts from others', async () => {
    expect(await findPasswordWeakness('quillfeather72')).toBeNull();
    const weakness = await findPasswordWeakness('quillfeather72', personalWords('Ada Lovelace', 'quillfeather72@example.com'));
    expect(weakness).toBe(`This password is too common or easy to guess: it contains your name, e-mail or login. ${ADVICE}`);
    expect(await findPasswordWeakness('Kestrelvane08', personalWords('kestrelvane08'))).not.toBeNull();
    expect(await findPasswordWeakness('AdaLovelace', personalWords('Ada Lovelace', 'a@example.com'))).not.toBeNull();
  });

  it('accepts phrases of unrelated words and the passwords the server generates', async () => {
    for (const password of ['correct horse battery', 'quillfeather72', 'a brand new secret', 'operator password 1']) {
      expect(await findPasswordWeakness(password, personalWords('Ada Lovelace', 'ada@example.com')), password).toBeNull();
    }
    for (let i = 0; i < 20; i++) expect(await findPasswordWeakness(generatePassword(), personalWords('admin'))).toBeNull();
  });

  it('scores only the first 64 characters, so a long password costs little and a weak start stays weak', async () => {
    expect(await findPasswordWeakness(randomBytes(300).toString('base64').slice(0, 200))).toBeNull();
    expect(await findPasswordWeakness('1'.repeat(64) + randomBytes(30).toString('base64'))).not.toBeNull();
  });

  it('splits e-mails and names into the words a guesser would try', () => {
    expect(personalWords('Ada King-Lovelace', 'Ada.King@Example.com', '')).toEqual(
      expect.arrayContaining(['ada king-lovelace', 'king', 'lovelace', 'ada.king@example.com', 'ada.king', 'example']),
    );
  });

  it('throws the 400 invalid-input error with the reason on the given field', async () => {
    const error = await refuseWeakPassword('12345678', [], 'newPassword').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_input', status: 400, fields: { newPassword: expect.stringContaining('too common') as unknown } });
    await expect(refuseWeakPassword('correct horse battery', [], 'password')).resolves.toBeUndefined();
  });
});
