import { BOARD_LIMITS } from '../../contracts/boards.js';
import type { Database } from '../../db/client.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';

/** The name of a post or comment left without a nickname (§5: blank becomes anonymous). */
export const ANONYMOUS_NICKNAME = '익명';
/** The fixed name every admin posts under (§5). */
export const OFFICIAL_NICKNAME = '관리자';

/**
 * Administrator, operator, operator team and admin (§5), matched without regard to case, plus the other staff
 * spellings and the name deleted members' rows carry, as member nicknames refuse them (modules/auth).
 */
const RESERVED_WORDS = ['관리자', '운영자', '운영진', '운영팀', 'admin', 'operator', '탈퇴회원'];

/**
 * Folds the tricks that would slip a reserved word past a plain substring test: full-width letters (NFKC),
 * spaces and invisible characters between letters, and case.
 */
function foldForComparison(nickname: string): string {
  return nickname.normalize('NFKC').replace(/[\s\u200B-\u200D\u2060\uFEFF\u00AD]/g, '').toLowerCase();
}

/** True when a nickname contains one of the reserved staff words. */
export function containsReservedWord(nickname: string): boolean {
  const folded = foldForComparison(nickname);
  return RESERVED_WORDS.some((word) => folded.includes(word));
}

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
