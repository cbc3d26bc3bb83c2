import type { IngestRecord, MatchRecord, PlayerMatchRow } from '../../server/contracts/ingest-record.js';
import { resultForSide, type MatchResult } from '../../server/modules/rating/match-result.js';

/**
 * Expectations computed from the records a test league was ingested from, never from the API under test: what a
 * clan's or a player's matches are, with the owner's result (null while recording).
 */

/** Every match as it ended up: a recording record is replaced by its complete one under the same id. */
export function finalMatches(records: readonly IngestRecord[]): MatchRecord[] {
  const byId = new Map<string, MatchRecord>();
  for (const record of records) if (record.type === 'match') byId.set(record.matchId, record);
  return [...byId.values()];
}

export interface ClanMatchEntry {
  match: MatchRecord;
  side: 'blue' | 'red';
  opponentSlug: string;
  result: MatchResult | null;
  /** The clan team's rows (every player of its side, dropouts included). */
  team: PlayerMatchRow[];
}

/** A clan's matches in a league, newest first. */
export function clanEntries(records: readonly IngestRecord[], slug: string, league: string): ClanMatchEntry[] {
  return finalMatches(records)
    .filter((match) => match.league === league && (match.blueClanSlug === slug || match.redClanSlug === slug))
    .map((match) => {
      const side = match.blueClanSlug === slug ? 'blue' as const : 'red' as const;
      return {
        match,
        side,
        opponentSlug: side === 'blue' ? match.redClanSlug : match.blueClanSlug,
        result: match.winner ? resultForSide(match.winner, side) : null,
        team: match.players.filter((row) => row.side === side),
      };
    })
    .sort((a, b) => Date.parse(b.match.startedAt) - Date.parse(a.match.startedAt));
}

export interface PlayerMatchEntry extends ClanMatchEntry {
  row: PlayerMatchRow;
}

/** A player's rows in a league (by enlistment number), newest first, each with the team's side of the match. */
export function playerEntries(records: readonly IngestRecord[], playerId: string, league: string): PlayerMatchEntry[] {
  return finalMatches(records)
    .filter((match) => match.league === league)
    .flatMap((match) => {
      const row = match.players.find((candidate) => candidate.playerId === playerId);
      if (!row) return [];
      return [{
        match,
        row,
        side: row.side,
        opponentSlug: row.side === 'blue' ? match.redClanSlug : match.blueClanSlug,
        result: match.winner ? resultForSide(match.winner, row.side) : null,
        team: match.players.filter((candidate) => candidate.side === row.side),
      }];
    })
    .sort((a, b) => Date.parse(b.match.startedAt) - Date.parse(a.match.startedAt));
}

/** The Korean calendar day (`YYYY-MM-DD`) of an instant. */
export function koreanDayOf(iso: string): string {
  return new Date(Date.parse(iso) + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
