import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's minimum parameters (m = 19456 KiB, t = 2, p = 1): about 30 ms a hash on this machine.
 * `Algorithm` is a const enum in the package's types, which isolated modules cannot read; 2 is Argon2id.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password into a PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Whether `password` matches `stored`; a malformed stored value (e.g. a deleted account's) never matches. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  return verify(stored, password).catch(() => false);
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, for logins of unknown e-mails: the answer time must not tell whether
 * an account exists.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-that-matches-nothing!1');
  await verify(await decoyHash, password).catch(() => false);
  return false;
}
