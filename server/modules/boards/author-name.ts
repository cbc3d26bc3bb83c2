import { BOARD_LIMITS } from '@shared/rules/boards.js';
import { containsReservedWord } from '@shared/rules/nicknames.js';
import type { Database } from '../../db/client.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';

/**
 * The name of a post or comment left without a nickname (blank becomes anonymous: docs/product/boards.md#author-names).
 */
export const ANONYMOUS_NICKNAME = '익명';
/** The fixed name every admin posts under (docs/product/boards.md#author-names). */
export const OFFICIAL_NICKNAME = '관리자';


export interface AuthorName {
  nickname: string;
  isOfficial: boolean;
}

/**
 * The name a post or comment is shown under: the official name for an admin, else the typed nickname (trimmed;
 * blank becomes 익명), refused when it is too long, contains a reserved word, or is another member's account
 * nickname (any case), so nobody can write as a member they are not.
 */
export async function resolveAuthorName(prisma: Database, member: SessionUser | null, typed: string | null | undefined): Promise<AuthorName> {
  if (member?.role === 'admin') return { nickname: OFFICIAL_NICKNAME, isOfficial: true };
  const nickname = (typed ?? '').trim();
  if (nickname === '') return { nickname: ANONYMOUS_NICKNAME, isOfficial: false };
  if ([...nickname].length > BOARD_LIMITS.nicknameMax) {
    throw new BadRequestError(serverMessages.boardNicknameTooLong(BOARD_LIMITS.nicknameMax), 'nickname_too_long');
  }
  if (containsReservedWord(nickname)) throw new BadRequestError(serverMessages.boardNicknameForbidden, 'nickname_forbidden');
  // Account nicknames are citext: equality here ignores case.
  const owner = await prisma.user.findFirst({ where: { nickname, deletedAt: null }, select: { id: true } });
  if (owner && owner.id !== member?.id) throw new ConflictError(serverMessages.boardNicknameMember, 'nickname_member');
  return { nickname, isOfficial: false };
}
