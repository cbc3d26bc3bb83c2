import { BOARD_LIMITS, type BoardCategory } from '../../contracts/boards.js';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { NOTICE_BOARD } from './categories.js';

/**
 * Title and content of a post, trimmed; both required (docs/product/boards.md#post-fields-and-limits), the title at
 * most 100 characters.
 */
export function cleanPostText(title: string, content: string): { title: string; content: string } {
  const cleanTitle = title.trim();
  const cleanContent = content.trim();
  if (cleanTitle === '') throw new BadRequestError(serverMessages.boardTitleRequired, 'title_required');
  if ([...cleanTitle].length > BOARD_LIMITS.titleMax) {
    throw new BadRequestError(serverMessages.boardTitleTooLong(BOARD_LIMITS.titleMax), 'title_too_long');
  }
  if (cleanContent === '') throw new BadRequestError(serverMessages.boardContentRequired, 'content_required');
  return { title: cleanTitle, content: cleanContent };
}

/** A comment or reply text, trimmed; required, at most 1000 characters. */
export function cleanCommentText(content: string): string {
  const clean = content.trim();
  if (clean === '') throw new BadRequestError(serverMessages.boardCommentRequired, 'content_required');
  if ([...clean].length > BOARD_LIMITS.commentMax) {
    throw new BadRequestError(serverMessages.boardCommentTooLong(BOARD_LIMITS.commentMax), 'content_too_long');
  }
  return clean;
}

/**
 * Notices are written, edited and deleted by admins only, whatever path the call takes
 * (docs/product/notices.md#notices-are-posts).
 */
export function assertNoticeWriter(member: SessionUser | null, category: BoardCategory | string): void {
  if (category !== NOTICE_BOARD) return;
  if (!member) throw new UnauthorizedError(serverMessages.unauthorized);
  if (member.role !== 'admin') throw new ForbiddenError(serverMessages.adminOnly, 'admin_only');
}
