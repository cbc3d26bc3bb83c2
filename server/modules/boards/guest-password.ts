import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { BOARD_LIMITS } from '../../contracts/boards.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';

/** Argon2id with the OWASP parameters (ARCHITECTURE.md): 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id: a const enum, which isolated modules cannot read
export const GUEST_PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a non-member's post or comment password. */
export function hashGuestPassword(password: string): Promise<string> {
  return hash(password, GUEST_PASSWORD_HASH_OPTIONS);
}

/** True when `password` matches the stored hash; a malformed hash never matches. */
export function verifyGuestPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Refuses a password shorter than the minimum; passwords are taken as typed (never trimmed). */
export function assertGuestPasswordLength(password: string): void {
  if ([...password].length < BOARD_LIMITS.guestPasswordMin) {
    throw new BadRequestError(serverMessages.boardGuestPasswordTooShort(BOARD_LIMITS.guestPasswordMin), 'password_too_short');
  }
}

/**
 * The hash to store for new content: members store none; a non-member's post must carry a password, a non-member's
 * comment may skip it (docs/product/boards.md#non-member-passwords), in which case only admins can change it later.
 */
export async function guestPasswordHash(
  isMember: boolean,
  password: string | undefined,
  required: boolean,
): Promise<string | null> {
  if (isMember) return null;
  if (password === undefined || password === '') {
    if (required) throw new BadRequestError(serverMessages.boardGuestPasswordRequired, 'password_required');
    return null;
  }
  assertGuestPasswordLength(password);
  return hashGuestPassword(password);
}
