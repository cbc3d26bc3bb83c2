import { ko } from '../../i18n/ko.js';

const t = ko.clanPlayer.match;

/** Counts of a whole match list as the list calls answer them (`dropout` only on a player's list). */
export interface ListCounts {
  win: number;
  lose: number;
  draw: number;
  /** Matches without a result yet: still recording. */
  unknown: number;
  /** Matches the player left early: listed, never counted in the record. */
  dropout?: number;
}

/**
 * The line over a match list: how many of the total are loaded, then what the total is made of, so it adds up
 * from what the line shows. The record always (wins, losses and draws, the header's record); the matches still
 * recording and the dropouts only when there are some. Parts that do not add up to `total` are a server bug the
 * tests catch; the line never hides them.
 */
export function listTotalLine(loaded: number, total: number, counts: ListCounts): string {
  const parts = [t.loadedOf(loaded, total), t.listRecord(counts.win, counts.lose, counts.draw)];
  if (counts.unknown > 0) parts.push(t.listRecording(counts.unknown));
  if ((counts.dropout ?? 0) > 0) parts.push(t.listDropouts(counts.dropout ?? 0));
  return parts.join(' · ');
}

/** The sum of the parts `listTotalLine` prints after the loaded count: equal to the list's total. */
export function listPartsSum(counts: ListCounts): number {
  return counts.win + counts.lose + counts.draw + counts.unknown + (counts.dropout ?? 0);
}
