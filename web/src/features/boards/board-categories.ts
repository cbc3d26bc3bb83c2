import type { BoardCategory } from '@shared/contracts/boards';
import { communityKo } from '../../i18n/community';

export type { BoardCategory };

/**
 * Boards whose path has a slash (docs/product/boards.md#board-paths-with-a-slash): /sal-board/trade/user is the
 * trade-user board.
 */
const TRADE_KINDS: Record<string, BoardCategory> = { user: 'trade-user', sp: 'trade-sp' };
const SLUGS = new Set(Object.keys(communityKo.boardNames));

/** The board a `:category` (or `trade/:tradeKind`) path names, or null for an unknown board. */
export function boardFromPath(category: string | undefined, tradeKind: string | undefined): BoardCategory | null {
  if (tradeKind !== undefined) return TRADE_KINDS[tradeKind] ?? null;
  return category !== undefined && SLUGS.has(category) ? (category as BoardCategory) : null;
}

/**
 * The path segment of a board in links: trade-user and trade-sp are written trade/user and trade/sp
 * (docs/product/boards.md#board-paths-with-a-slash).
 */
export function boardPath(board: string): string {
  return board === 'trade-user' ? 'trade/user' : board === 'trade-sp' ? 'trade/sp' : board;
}

export function boardName(board: string): string {
  return (communityKo.boardNames as Record<string, string>)[board] ?? board;
}

/** A write link shows on every board but notices (written from /admin/notice) and the computed hot list. */
export function hasWriteLink(board: BoardCategory): boolean {
  return board !== 'notice' && board !== 'hot';
}

/** Where a board's pages live: the community boards or the read-only statistics-side copy. */
export type BoardSite = '/sal-board' | '/board';

export const boardUrl = (site: BoardSite, board: string) => `${site}/${boardPath(board)}`;
export const postUrl = (site: BoardSite, board: string, id: string) => `${boardUrl(site, board)}/${id}`;
