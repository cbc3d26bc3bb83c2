import { BOARD_CATEGORIES, type BoardCategory } from '../../contracts/boards.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';

/** The computed board of popular posts across boards (never stored as a post's category). */
export const HOT_BOARD = 'hot' satisfies BoardCategory;
/** The admins' board: its posts are notices. */
export const NOTICE_BOARD = 'notice' satisfies BoardCategory;

/**
 * The spec's path forms with a slash (trade/user is treated as trade-user, trade/sp as trade-sp:
 * docs/product/boards.md#board-paths-with-a-slash).
 */
const PATH_ALIASES: Record<string, BoardCategory> = { 'trade/user': 'trade-user', 'trade/sp': 'trade-sp' };
const KNOWN = new Set<string>(BOARD_CATEGORIES);

/** The board a path names, or 404 with the board text. */
export function parseBoardCategory(value: string): BoardCategory {
  const slug = PATH_ALIASES[value] ?? value;
  if (!KNOWN.has(slug)) throw new NotFoundError(serverMessages.boardUnknown, 'board_not_found');
  return slug as BoardCategory;
}

/** Posts are written to every board but the computed hot list. */
export function assertWritableBoard(category: BoardCategory): void {
  if (category === HOT_BOARD) throw new BadRequestError(serverMessages.boardNotWritable, 'board_not_writable');
}

/** Whether a post of `postCategory` may be reached under the board path `pathCategory` (hot links to any board). */
export function belongsToBoard(postCategory: string, pathCategory: BoardCategory): boolean {
  return pathCategory === HOT_BOARD || postCategory === pathCategory;
}
