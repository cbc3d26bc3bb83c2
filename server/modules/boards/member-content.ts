import type { Transaction } from '../../db/client.js';

/** The name a deleted member's posts and comments show. */
export const DELETED_AUTHOR_NAME = '탈퇴회원';

/**
 * For account deletion (modules/auth): the member's posts and comments keep their text but no longer show the
 * nickname they were written under, which may be the member's own. Run it in the deletion's transaction.
 */
export async function neutraliseAuthorNames(tx: Transaction, userId: string): Promise<void> {
  await tx.boardPost.updateMany({ where: { authorId: userId, isOfficial: false }, data: { nickname: DELETED_AUTHOR_NAME } });
  await tx.boardComment.updateMany({ where: { authorId: userId, isOfficial: false }, data: { nickname: DELETED_AUTHOR_NAME } });
}
