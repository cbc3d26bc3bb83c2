import type { MarkItem, MarkKind } from '@shared/contracts/favourites';
import { READER_MARK_LIMITS } from '@shared/rules/reader-marks';

/** A clan or player on a reader's list, as home shows it (the account's answer and the browser's lists alike). */
export type ReaderMark = Omit<MarkItem, 'href'>;
export type { MarkKind };
export type MarkList = 'favourites' | 'recent';

/** What a page knows of its clan or player when it stars or records it. */
export type MarkSubject = Omit<ReaderMark, 'markedAt'>;

/** Limits of both lists: the account's (a visitor's lists are merged into it at login). */
export const MARK_LIMITS: Readonly<Record<MarkList, number>> = READER_MARK_LIMITS;

/** Whether a mark names this clan or player (the league is only where its link goes). */
export const sameTarget = (mark: Pick<ReaderMark, 'kind' | 'target'>, kind: MarkKind, target: string) =>
  mark.kind === kind && mark.target === target;

/** A player as their favourite and recently viewed entries name them: with their clan's mark, in `league`. */
export function playerMarkSubject(
  playerId: string,
  league: string,
  nickname: string,
  clan: { slug: string; mark_bg: string | null; mark_front: string | null } | null,
): MarkSubject {
  return {
    kind: 'player', target: playerId, league, name: nickname, clanSlug: clan?.slug ?? null,
    mark_bg: clan?.mark_bg ?? null, mark_front: clan?.mark_front ?? null,
  };
}
