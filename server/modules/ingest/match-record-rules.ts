import type { MatchRecord } from '../../contracts/ingest-record.js';

/**
 * What the record schema cannot say about a match (docs/ingest.md): two different clans; a complete match has
 * its scores and a winner that agrees with them; a recording one has no winner yet; each player once, with no
 * more headshots than kills. Returns the first broken rule as a sentence for the import's error line, or null.
 */
export function matchRecordProblem(match: MatchRecord): string | null {
  if (match.blueClanSlug === match.redClanSlug) return 'blueClanSlug and redClanSlug must be two different clans';
  if (match.status === 'recording') return match.winner === null ? null : 'a recording match has no winner yet (winner must be null)';
  if (match.blueScore === null || match.redScore === null || match.winner === null) {
    return 'a complete match needs blueScore, redScore and winner';
  }
  const expected = match.blueScore > match.redScore ? 'blue' : match.blueScore < match.redScore ? 'red' : 'draw';
  if (match.winner !== expected) return `winner "${match.winner}" disagrees with the score ${match.blueScore}:${match.redScore}`;
  const seen = new Set<string>();
  for (const row of match.players) {
    if (seen.has(row.playerId)) return `player ${row.playerId} appears twice`;
    seen.add(row.playerId);
    if (row.headshot > row.kill) return `player ${row.playerId} has more headshots (${row.headshot}) than kills (${row.kill})`;
  }
  return null;
}
