import type { PlayerMatchRow } from '../../contracts/ingest-record.js';
import type { Winner } from './match-result.js';

/** The stats the MVP score reads. */
export type MvpStats = Pick<PlayerMatchRow, 'kill' | 'death' | 'assist' | 'damagePercent' | 'headshotPercent'>;
/** A match row as the MVP choice reads it. */
export type MvpCandidateRow = MvpStats & Pick<PlayerMatchRow, 'playerId' | 'side' | 'dropout'>;

interface Scored {
  playerId: string;
  kill: number;
  score: number;
}

/**
 * The MVP score (docs/product/ratings.md#mvp-score): (kills + assists) / max(deaths, 1) x 1.5 + 1.2 x damage% + 0.3 x
 * headshot%.
 */
export function mvpScore(row: MvpStats): number {
  return ((row.kill + row.assist) / Math.max(row.death, 1)) * 1.5 + 1.2 * row.damagePercent + 0.3 * row.headshotPercent;
}

/**
 * The MVP's playerId: the best score among the winning team's non-dropout players; null on a draw or with no
 * such player. Equal scores go to more kills, then to the smaller playerId, so a rebuild always picks the same one.
 */
export function pickMvp(rows: readonly MvpCandidateRow[], winner: Winner): string | null {
  if (winner === 'draw') return null;
  let best: Scored | null = null;
  for (const row of rows) {
    if (row.side !== winner || row.dropout) continue;
    const candidate: Scored = { playerId: row.playerId, kill: row.kill, score: mvpScore(row) };
    if (!best || outranks(candidate, best)) best = candidate;
  }
  return best?.playerId ?? null;
}

function outranks(a: Scored, b: Scored): boolean {
  if (a.score !== b.score) return a.score > b.score;
  if (a.kill !== b.kill) return a.kill > b.kill;
  return a.playerId < b.playerId;
}
