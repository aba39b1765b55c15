// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const RECOMMENDED = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
let options: { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number } = RECOMMENDED;

/**
 * For the database test suites only (src/test/cheap-password-hashing.ts): they register and sign in
 * thousands of accounts, and at the recommended cost the hashing alone took minutes of CI's two cores.
 * A hash records its own parameters, so verifying is unchanged; the server's processes (npm start, the
 * browser and process tests) never call this, and passwords.test.ts checks the recommended cost.
 */
export function useCheapPasswordHashingInTests(): void {
  options = { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when an account does not exist makes a wrong e-mail cost as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('presale-no-such-account');
  await verifyPassword(await dummyHash, password);
  return false;
}
