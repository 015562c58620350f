import { hash, verify } from '@node-rs/argon2';
import { concurrencyGate, spareCoreLimit } from '../../shared/cpu-gate.ts';

/** argon2id, OWASP's minimum profile (m=19 MiB, t=2, p=1). */
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's threads, at most one per core but one: a burst of sign-ins then leaves
 * the event loop a core, so other requests (and /healthz) are still answered during it.
 */
const hashing = concurrencyGate(spareCoreLimit());

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, options));
}

/** A hash of nothing in particular, verified when the user does not exist so timing matches. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (!hashed) {
    dummyHash ??= hashPassword('not-a-real-password');
    const dummy = await dummyHash;
    await hashing(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  return hashing(() => verify(hashed, password)).catch(() => false);
}
