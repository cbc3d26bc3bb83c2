import type { MatchSummary } from '../../contracts/proxy.js';
import type { Database } from '../../db/client.js';
import { presentClanRef, type ClanRow } from '../stats-core/clan-presenter.js';
import { oneDecimal } from '../../lib/numbers.js';
import type { LeagueInfo } from '../stats-core/league-directory.js';
import type { MatchResult } from '../rating/match-result.js';
import { kdPercent, winRate, winRateOneDecimal } from '../rating/record-stats.js';
import { currentStreak } from '../rating/streak.js';

/** Matches a summary covers (docs/product/ratings.md#last-20-results). */
export const SUMMARY_MATCHES = 20;
/** Opponent clans a summary lists (top 5 by total games: docs/product/clans.md#top-opponents). */
const TOP_OPPONENTS = 5;

/** What a summary is built from: the last rated matches, newest first, and the side's totals over them. */
export interface SummaryInput {
  league: LeagueInfo;
  results: MatchResult[];
  kill: number;
  death: number;
  mvpCount: number;
  opponents: MatchSummary['clan_summaries'];
  players?: MatchSummary['player_summaries'];
}

/**
 * The match summary of a clan or a player page (docs/product/statistics-api.md#proxy-shapes) over its last 20 rated
 * matches.
 */
export function buildMatchSummary(input: SummaryInput): MatchSummary {
  const count = (result: MatchResult) => input.results.filter((candidate) => candidate === result).length;
  const [win, lose, draw] = [count('win'), count('lose'), count('draw')];
  return {
    division: input.league.slug,
    league_type: input.league.kind,
    win_straight: currentStreak(input.results),
    results: input.results,
    count: input.results.length,
    win,
    lose,
    draw,
    win_rate: oneDecimal(winRate(win, draw, input.results.length)),
    kill: input.kill,
    death: input.death,
    kd_rate: oneDecimal(kdPercent(input.kill, input.death)),
    mvp_count: input.mvpCount,
    clan_summaries: input.opponents,
    player_summaries: input.players ?? [],
  };
}

interface OpponentSqlRow {
  slug: string;
  name: string;
  mark_bg: string | null;
  mark_front: string | null;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
}

/**
 * The most played opponent clans (top 5 by games, then the most recent) of a clan or a player in one league, from the
 * records ingest keeps; win rate counts a draw half, one decimal (docs/product/ratings.md#win-rate).
 */
export async function loadSummaryOpponents(
  prisma: Database,
  owner: { clanId: number } | { playerId: number },
  leagueId: number,
): Promise<MatchSummary['clan_summaries']> {
  const rows = 'clanId' in owner
    ? await prisma.$queryRaw<OpponentSqlRow[]>`
        SELECT c.slug, c.name, c.mark_bg, c.mark_front, o.matches, o.wins, o.losses, o.draws
        FROM clan_opponent_stats o JOIN clans c ON c.id = o.opponent_clan_id
        WHERE o.clan_id = ${owner.clanId} AND o.league_id = ${leagueId}
        ORDER BY o.matches DESC, o.last_match_at DESC NULLS LAST, c.slug LIMIT ${TOP_OPPONENTS}`
    : await prisma.$queryRaw<OpponentSqlRow[]>`
        SELECT c.slug, c.name, c.mark_bg, c.mark_front, o.matches, o.wins, o.losses, o.draws
        FROM player_opponent_stats o JOIN clans c ON c.id = o.opponent_clan_id
        WHERE o.player_id = ${owner.playerId} AND o.league_id = ${leagueId}
        ORDER BY o.matches DESC, o.last_match_at DESC NULLS LAST, c.slug LIMIT ${TOP_OPPONENTS}`;
  return rows.map((row) => {
    const clan: ClanRow = { slug: row.slug, name: row.name, markBg: row.mark_bg, markFront: row.mark_front };
    return {
      clan: presentClanRef(clan),
      total: row.matches,
      win: row.wins,
      lose: row.losses,
      draw: row.draws,
      win_rate: winRateOneDecimal(row.wins, row.draws, row.matches),
    };
  });
}
