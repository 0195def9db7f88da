import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum parameters (19 MiB memory, 2 passes, 1 lane): about 17 ms here. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id (DESIGN.md "Passwords"). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A real hash of a random password: verifying against it costs what a real check costs. */
const DUMMY_HASH = hashPassword(`dummy-${Math.random()}`);

/**
 * Checks a password against a stored hash. With no stored hash (unknown account) it still spends
 * the time of a real check, so timing does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
