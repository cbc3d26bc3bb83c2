import { MARK_LIMITS, sameTarget, type MarkKind, type MarkList, type MarkSubject, type ReaderMark } from './mark-types.js';

/**
 * The rules of a visitor's lists kept in the browser: newest first, one entry per clan or player, the account's
 * limits, and the clan header's earlier favourites taken over. Pure, so they are tested once (browser-marks.ts
 * keeps the lists in local storage).
 */

export interface BrowserMarks {
  favourites: ReaderMark[];
  recent: ReaderMark[];
}

export const EMPTY_MARKS: BrowserMarks = { favourites: [], recent: [] };

function isMark(value: unknown): value is ReaderMark {
  const mark = value as ReaderMark | null;
  return typeof mark?.target === 'string' && typeof mark.league === 'string' && typeof mark.name === 'string'
    && (mark.kind === 'clan' || mark.kind === 'player');
}

/** The earlier clan favourites as marks (their marks drawn from the clan's slug). */
function oldFavouriteClans(raw: string | null, now: string): ReaderMark[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is { league: string; slug: string; name?: string } => typeof item?.slug === 'string' && typeof item?.league === 'string')
      .map((item) => ({
        kind: 'clan' as const, target: item.slug, league: item.league, name: item.name ?? item.slug, clanSlug: item.slug,
        mark_bg: `/clan-logos/${encodeURIComponent(item.slug)}-1.png`, mark_front: `/clan-logos/${encodeURIComponent(item.slug)}-2.png`,
        markedAt: now,
      }));
  } catch {
    return [];
  }
}

/** Reads the stored lists; anything unreadable counts as empty (a browser list is a convenience, not a record). */
export function parseBrowserMarks(raw: string | null, oldClans: string | null, now = new Date().toISOString()): BrowserMarks {
  let stored = EMPTY_MARKS;
  try {
    const parsed = raw ? JSON.parse(raw) as Partial<BrowserMarks> : EMPTY_MARKS;
    stored = {
      favourites: Array.isArray(parsed.favourites) ? parsed.favourites.filter(isMark) : [],
      recent: Array.isArray(parsed.recent) ? parsed.recent.filter(isMark) : [],
    };
  } catch {
    stored = EMPTY_MARKS;
  }
  const taken = oldFavouriteClans(oldClans, now).filter((old) => !stored.favourites.some((mark) => sameTarget(mark, 'clan', old.target)));
  return {
    favourites: [...stored.favourites, ...taken].slice(0, MARK_LIMITS.favourites),
    recent: stored.recent.slice(0, MARK_LIMITS.recent),
  };
}

/** The lists with `subject` put first in `list`; favourites stop at the limit (null: full), recent drops the oldest. */
export function withMark(marks: BrowserMarks, list: MarkList, subject: MarkSubject, now = new Date().toISOString()): BrowserMarks | null {
  const others = marks[list].filter((mark) => !sameTarget(mark, subject.kind, subject.target));
  if (list === 'favourites' && others.length >= MARK_LIMITS.favourites) return null;
  return { ...marks, [list]: [{ ...subject, markedAt: now }, ...others].slice(0, MARK_LIMITS[list]) };
}

/** The lists without `kind`/`target` in `list`. */
export function withoutMark(marks: BrowserMarks, list: MarkList, kind: MarkKind, target: string): BrowserMarks {
  return { ...marks, [list]: marks[list].filter((mark) => !sameTarget(mark, kind, target)) };
}
