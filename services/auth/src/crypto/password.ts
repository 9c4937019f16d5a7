import argon2 from 'argon2';

/**
 * argon2id parameters. Measured on the 2-core dev/CI machines: one verify costs ~30 ms median
 * (m=19 MiB, t=3, p=1), inside the 20-60 ms budget and above OWASP's m=19456/t=2 floor.
 */
export const passwordHashParams = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 3,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, passwordHashParams);
}

/** False for a wrong password and for a malformed stored hash (never throws on user input). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verify, so a login for an unknown email cannot be told apart
 * from a wrong password by timing.
 */
export async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hashPassword('noek-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
