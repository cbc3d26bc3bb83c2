import { READER_MARK_LIMITS } from '@shared/rules/reader-marks.js';
import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';

/**
 * A member's own lists (issue: favourites and recently viewed): the clans and players they starred, and the ones
 * they opened lately, each with the league whose page they saw, so a link from home opens the same figures.
 */

export const MarkKind = Type.Union([Type.Literal('clan'), Type.Literal('player')]);
export type MarkKind = Static<typeof MarkKind>;

/** A clan slug or a player's enlistment number. */
const MarkTarget = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' });
const MarkLeague = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$', description: 'the league whose page was seen' });

export const MarkParams = Type.Object({ kind: MarkKind, target: MarkTarget });
export const MarkBody = Type.Object({ league: MarkLeague });

export const MarkInput = Type.Object({ kind: MarkKind, target: MarkTarget, league: MarkLeague });
export type MarkInput = Static<typeof MarkInput>;

/** POST /api/me/marks/merge: the lists a visitor kept in the browser, added to the account's at login. */
export const MergeMarksBody = Type.Object({
  favourites: Type.Array(MarkInput, { maxItems: READER_MARK_LIMITS.favourites }),
  recent: Type.Array(MarkInput, { maxItems: READER_MARK_LIMITS.recent }),
});
export type MergeMarksBody = Static<typeof MergeMarksBody>;

export const MarkItem = Type.Object({
  kind: MarkKind,
  target: Type.String(),
  league: Type.String(),
  markedAt: Type.String({ format: 'date-time' }),
  /** The clan's name or the player's nickname as it is now. */
  name: Type.String(),
  /** The clan whose mark shows: the clan itself, or the player's current clan (null: a player without one). */
  clanSlug: Nullable(Type.String()),
  /** Clan mark images: the clan itself, or the player's current clan (null: none). */
  mark_bg: Nullable(Type.String()),
  mark_front: Nullable(Type.String()),
  /** The page to open: the league the reader saw. */
  href: Type.String(),
});
export type MarkItem = Static<typeof MarkItem>;

export const ReaderMarksResponse = Type.Object({
  favourites: Type.Array(MarkItem),
  recent: Type.Array(MarkItem),
});
export type ReaderMarksResponse = Static<typeof ReaderMarksResponse>;
