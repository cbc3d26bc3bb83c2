import type { ProxyMatchDetailResponse, ProxyMatchPlayer } from '../../contracts/proxy.js';
import { presentClanRef, type ClanRow } from '../stats-core/clan-presenter.js';
import { oneDecimal } from '../../lib/numbers.js';
import type { PlayerSideRow } from '../stats-core/match-bundles.js';
import type { MatchResult, Side, Winner } from '../rating/match-result.js';
import { kdPercent, killShare, matchLineFigures } from '../rating/record-stats.js';

/** One player's row of a match, from the database or the upstream (whose rows have no internal ids). */
export type DetailRow = Omit<PlayerSideRow, 'playerInternalId' | 'clanId'> & {
  /** The clan the player played for; null for a player without a clan (upstream rows). */
  clan: ClanRow | null;
};

/** A match with its rows, whatever the source. */
export interface DetailMatch {
  id: string;
  divisionKey: string;
  map: string | null;
  startedAt: Date;
  playTimeSeconds: number;
  status: 'recording' | 'complete';
  winner: Winner | null;
  blueScore: number | null;
  redScore: number | null;
  blueClan: ClanRow;
  redClan: ClanRow;
  rows: DetailRow[];
}

/** The result a side gets from the winner. */
export function sideResult(winner: Winner | null, side: Side): MatchResult | null {
  if (winner === null) return null;
  if (winner === 'draw') return 'draw';
  return winner === side ? 'win' : 'lose';
}

function presentRow(row: DetailRow, teamKills: number): ProxyMatchPlayer {
  return {
    player: { id: row.playerId, name: row.nickname, clan: row.clan ? presentClanRef(row.clan) : null },
    team: row.side,
    ...matchLineFigures(row),
    headshot_percent: row.headshotPercent,
    kill_share: oneDecimal(killShare(row.kill, teamKills)),
    kd_rate: oneDecimal(kdPercent(row.kill, row.death)),
    weapon: row.weapon,
    isSniper: row.weapon === 'sniper',
    isMvp: row.isMvp,
    isCorrected: row.corrected,
    dropout: row.dropout,
    result: row.result,
    win: row.result === null ? null : row.result === 'win',
    rating: row.ratingAfter,
    rating_update: row.ratingAfter === null || row.ratingBefore === null ? null : row.ratingAfter - row.ratingBefore,
  };
}

/** The proxy shape of a match detail: blue and red arrays, the MVP marked, the score pair [blue, red]. */
export function presentMatchDetail(match: DetailMatch): ProxyMatchDetailResponse['data'] {
  const team = (side: Side) => {
    const rows = match.rows.filter((row) => row.side === side);
    const teamKills = rows.reduce((sum, row) => sum + row.kill, 0);
    return rows.map((row) => presentRow(row, teamKills));
  };
  return {
    id: match.id,
    division_key: match.divisionKey,
    map: match.map,
    start_at: match.startedAt.toISOString(),
    play_time: match.playTimeSeconds,
    status: match.status,
    result_team: match.winner,
    scores: match.blueScore === null || match.redScore === null ? null : [match.blueScore, match.redScore],
    mvp: match.rows.find((row) => row.isMvp)?.playerId ?? null,
    blue_clan: presentClanRef(match.blueClan),
    red_clan: presentClanRef(match.redClan),
    blue: team('blue'),
    red: team('red'),
  };
}
