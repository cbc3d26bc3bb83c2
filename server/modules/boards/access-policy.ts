import type { Database } from '../../db/client.js';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { verifyGuestPassword } from './guest-password.js';
import { orNotFound } from './missing-row.js';
import { clearPasswordAttempts, reservePasswordAttempt } from './password-lockout.js';

/** Who wrote a post or comment, as far as permissions care. */
export interface OwnedContent {
  authorId: string | null;
  passwordHash: string | null;
}

/**
 * How a requester may edit or delete content (docs/product/boards.md#who-may-edit-or-delete): an admin always; the
 * member who wrote it; anyone holding the password of a non-member's content; nobody else. Pure, so each case has a
 * unit-sized test.
 */
export type ModifyAccess = 'admin' | 'author' | 'password' | 'login_required' | 'denied';

export function modifyAccess(member: SessionUser | null, content: OwnedContent): ModifyAccess {
  if (member?.role === 'admin') return 'admin';
  if (content.authorId !== null && member?.id === content.authorId) return 'author';
  if (content.passwordHash !== null) return 'password';
  // A member's content, or a non-member comment left without a password.
  return member === null && content.authorId !== null ? 'login_required' : 'denied';
}

export interface ModifyRequest {
  member: SessionUser | null;
  ip: string;
  /** The post the content belongs to: password tries are limited per post and IP. */
  postId: number;
  password: string | undefined;
}

/**
 * Throws unless the requester may modify the content: 401 for a guest on a member's content, 403 for someone
 * else's, 403 `password_required` / `wrong_password` for a missing or wrong non-member password, 429 once the
 * tries of this IP on this post are used up.
 */
export async function assertMayModify(prisma: Database, request: ModifyRequest, content: OwnedContent): Promise<void> {
  const access = modifyAccess(request.member, content);
  if (access === 'admin' || access === 'author') return;
  if (access === 'login_required') throw new UnauthorizedError(serverMessages.unauthorized);
  if (access === 'denied') throw new ForbiddenError(serverMessages.boardNotOwner, 'not_owner');
  if (!request.password) throw new ForbiddenError(serverMessages.boardPasswordNeeded, 'password_required');
  await orNotFound(reservePasswordAttempt(prisma, request.postId, request.ip), serverMessages.boardPostNotFound, 'post_not_found');
  if (!(await verifyGuestPassword(content.passwordHash!, request.password))) {
    throw new ForbiddenError(serverMessages.boardPasswordWrong, 'wrong_password');
  }
  await clearPasswordAttempts(prisma, request.postId, request.ip);
}
