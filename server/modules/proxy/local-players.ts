import type { ProxyPlayerDetailResponse, ProxyPlayerMatch, ProxyPlayerRankRow } from '../../contracts/proxy.js';
import type { Database } from '../../db/client.js';
import type { PlayerStat } from '../../db/generated/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { presentClanRef } from '../stats-core/clan-presenter.js';
import { oneDecimal, twoDecimals } from '../../lib/numbers.js';
import type { LeagueDirectory, LeagueInfo } from '../stats-core/league-directory.js';
import { loadLeagueContext } from '../stats-core/league-context.js';
import { countAhead, type RankSnapshots } from '../stats-core/rank-snapshot.js';
import { loadRecentRatedRows } from '../stats-core/player-figures.js';
import { loadRankingPage } from '../stats-core/ranking-page.js';
import { rankedFigures } from '../stats-core/ranking-presenter.js';
import { proxyDivisionKey } from '../rating/division-key.js';
import type { MatchResult } from '../rating/match-result.js';
import { averageKills, kdPercent, placementState, winRate } from '../rating/record-stats.js';
import { decodeCursor, encodeCursor } from './keyset-cursor.js';
import { buildMatchSummary, loadSummaryOpponents, SUMMARY_MATCHES } from './match-summary.js';

const CLAN_SELECT = { slug: true, name: true, markBg: true, markFront: true, leagueId: true } as const;
const RANK_CURSOR_FIELDS = ['r', 'p', 'l', 'n'] as const;

/** A player, the division's pool chosen for them and their figures there (null before any match there). */
export interface PlayerPool {
  player: {
    id: number;
    enlistmentNo: string;
    nickname: string;
    clan: { slug: string; name: string; markBg: string | null; markFront: string | null; leagueId: number } | null;
  };
  league: LeagueInfo;
  stats: PlayerStat | null;
}

/**
 * The player and the pool a division names for them: the one league of a slug, or for 'supply' the one of
 * leagues 1 and 2 the player played in last. 404 with the spec's text for an unknown player.
 */
export async function resolvePlayerPool(prisma: Database, leagues: LeagueDirectory, division: string, playerId: string): Promise<PlayerPool> {
  const pools = await leagues.requireDivision(division);
  const player = await prisma.player.findUnique({
    where: { enlistmentNo: playerId },
    select: { id: true, enlistmentNo: true, nickname: true, clan: { select: CLAN_SELECT } },
  });
  if (!player) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
  const stats = await prisma.playerStat.findFirst({
    where: { playerId: player.id, leagueId: { in: pools.map((league) => league.id) } },
    orderBy: { lastMatchAt: { sort: 'desc', nulls: 'last' } },
  });
  const league = pools.find((pool) => pool.id === stats?.leagueId) ?? pools[0]!;
  return { player, league, stats };
}

interface PlayerMatchSqlRow {
  external_id: string;
  map: string | null;
  started_at: Date;
  status: 'recording' | 'complete';
  side: 'blue' | 'red';
  result: MatchResult | null;
  kill: number;
  death: number;
  assist: number;
  is_mvp: boolean;
  dropout: boolean;
  rating_before: number | null;
  rating_after: number | null;
  own_slug: string;
  own_name: string;
  own_mark_bg: string | null;
  own_mark_front: string | null;
  opp_slug: string;
  opp_name: string;
  opp_mark_bg: string | null;
  opp_mark_front: string | null;
}

/** The player's last 20 matches in the pool, newest first (an index range read on match_players). */
async function loadRecentPlayerMatches(prisma: Database, pool: PlayerPool): Promise<PlayerMatchSqlRow[]> {
  return prisma.$queryRaw<PlayerMatchSqlRow[]>`
    SELECT m.external_id, m.map, mp.started_at, m.status, mp.side, mp.result, mp.kill, mp.death, mp.assist, mp.is_mvp,
           mp.dropout, mp.rating_before, mp.rating_after,
           own.slug AS own_slug, own.name AS own_name, own.mark_bg AS own_mark_bg, own.mark_front AS own_mark_front,
           opp.slug AS opp_slug, opp.name AS opp_name, opp.mark_bg AS opp_mark_bg, opp.mark_front AS opp_mark_front
    FROM match_players mp
    JOIN matches m ON m.id = mp.match_id
    JOIN clans own ON own.id = mp.clan_id
    JOIN clans opp ON opp.id = CASE WHEN mp.side = 'blue' THEN m.red_clan_id ELSE m.blue_clan_id END
    WHERE mp.player_id = ${pool.player.id} AND mp.league_id = ${pool.league.id}
    ORDER BY mp.started_at DESC, mp.match_id DESC
    LIMIT ${SUMMARY_MATCHES}`;
}

function presentPlayerMatch(row: PlayerMatchSqlRow, divisionKey: string): ProxyPlayerMatch {
  return {
    id: row.external_id,
    division_key: divisionKey,
    map: row.map,
    start_at: row.started_at.toISOString(),
    status: row.status,
    result: row.result,
    win: row.result === null ? null : row.result === 'win',
    blue_team: row.side === 'blue',
    kill: row.kill,
    death: row.death,
    assist: row.assist,
    kd_rate: oneDecimal(kdPercent(row.kill, row.death)),
    is_mvp: row.is_mvp,
    dropout: row.dropout,
    rating: row.rating_after,
    rating_update: row.rating_after === null || row.rating_before === null ? null : row.rating_after - row.rating_before,
    clan: presentClanRef({ slug: row.own_slug, name: row.own_name, markBg: row.own_mark_bg, markFront: row.own_mark_front }),
    opponent: {
      clan: presentClanRef({ slug: row.opp_slug, name: row.opp_name, markBg: row.opp_mark_bg, markFront: row.opp_mark_front }),
    },
  };
}

/** The profile figures of a player in the pool (the same in `data` and `data.stats`). */
function playerStats(stats: PlayerStat | null) {
  const matches = stats?.matches ?? 0;
  const kill = stats?.kills ?? 0;
  const death = stats?.deaths ?? 0;
  return {
    rating: stats?.rating ?? 1000,
    peak_rating: stats?.peakRating ?? 1000,
    peak_at: stats?.peakAt?.toISOString() ?? null,
    lowest_rating: stats?.lowestRating ?? 1000,
    lowest_at: stats?.lowestAt?.toISOString() ?? null,
    matches,
    win: stats?.wins ?? 0,
    lose: stats?.losses ?? 0,
    draw: stats?.draws ?? 0,
    win_rate: oneDecimal(winRate(stats?.wins ?? 0, stats?.draws ?? 0, matches)),
    kill,
    death,
    assist: stats?.assists ?? 0,
    headshot: stats?.headshots ?? 0,
    kd_rate: oneDecimal(kdPercent(kill, death)),
    kill_per_match: twoDecimals(averageKills(kill, matches)),
    mvp_count: stats?.mvpCount ?? 0,
    placement: placementState(matches) === 'Placement',
  };
}

/** The player's rank in the pool and the pool's size, from the ranking snapshot. */
async function rankInPool(snapshots: RankSnapshots, pool: PlayerPool): Promise<{ rank: number | null; total: number }> {
  const snapshot = await snapshots.get(pool.league.id);
  const ranked = pool.stats !== null && pool.stats.matches > 0;
  return {
    rank: ranked ? countAhead(snapshot, pool.stats!.rating, pool.player.id) + 1 : null,
    total: snapshot.ratings.length,
  };
}

/** What the upstream may replace: the recent matches and their summary (same shapes). */
export interface RecentOverride {
  matches: ProxyPlayerMatch[];
  results: MatchResult[];
  kill: number;
  death: number;
  mvpCount: number;
}

/** GET /api/proxy/player-detail/{division}/{playerId}; `recent` replaces the local recent matches (upstream mode). */
export async function loadPlayerDetail(
  prisma: Database,
  leagues: LeagueDirectory,
  snapshots: RankSnapshots,
  pool: PlayerPool,
  recent?: RecentOverride,
): Promise<ProxyPlayerDetailResponse['data']> {
  const divisionKey = proxyDivisionKey(pool.league.slug);
  const clanLeague = pool.player.clan ? await leagues.byId(pool.player.clan.leagueId) : undefined;
  // The list shows the last 20 rows (dropouts and unrated ones too); the summary counts the last 20 rated,
  // non-dropout ones, the matches of the kept last-20 results and streak.
  const [rows, counted, opponents, place, context] = await Promise.all([
    recent ? Promise.resolve([]) : loadRecentPlayerMatches(prisma, pool),
    recent ? Promise.resolve([]) : loadRecentRatedRows(prisma, pool.player.id, pool.league.id),
    loadSummaryOpponents(prisma, { playerId: pool.player.id }, pool.league.id),
    rankInPool(snapshots, pool),
    loadLeagueContext(prisma, leagues, { kind: 'player', id: pool.player.id }, pool.league, clanLeague?.slug),
  ]);
  const local: RecentOverride = {
    matches: rows.map((row) => presentPlayerMatch(row, divisionKey)),
    results: counted.map((row) => row.result),
    kill: counted.reduce((sum, row) => sum + row.kill, 0),
    death: counted.reduce((sum, row) => sum + row.death, 0),
    mvpCount: counted.filter((row) => row.is_mvp).length,
  };
  const shown = recent ?? local;
  const stats = playerStats(pool.stats);
  const { clan } = pool.player;
  return {
    player: {
      id: pool.player.enlistmentNo,
      name: pool.player.nickname,
      clan: clan ? presentClanRef(clan) : null,
      division: pool.league.slug,
    },
    rating: stats.rating,
    kill_per_match: stats.kill_per_match,
    mvp_count: stats.mvp_count,
    rank: place.rank,
    rank_count: place.total,
    matches_count: stats.matches,
    win: stats.win,
    lose: stats.lose,
    draw: stats.draw,
    win_rate: stats.win_rate,
    kill: stats.kill,
    death: stats.death,
    kd_rate: stats.kd_rate,
    match_summary: buildMatchSummary({
      league: pool.league,
      results: shown.results,
      kill: shown.kill,
      death: shown.death,
      mvpCount: shown.mvpCount,
      opponents,
    }),
    matches: shown.matches,
    stats,
    context,
  };
}

/**
 * GET /api/proxy/player-rank/{division}?cursor= : the division's pools as one table, rating desc. The cursor is
 * the last row's keyset position and rank, so the next page is an index range read and its ranks go on.
 */
export async function loadPlayerRankPage(
  prisma: Database,
  pools: LeagueInfo[],
  cursor: string | undefined,
  limit: number,
): Promise<{ data: ProxyPlayerRankRow[]; next?: string }> {
  const after = cursor === undefined ? null : decodeCursor(cursor, RANK_CURSOR_FIELDS);
  const rows = await loadRankingPage(
    prisma,
    pools.map((league) => league.id),
    after && { rating: after.r, playerId: after.p, leagueId: after.l },
    limit + 1,
  );
  const firstRank = (after?.n ?? 0) + 1;
  const page = rows.slice(0, limit);
  const data = page.map((row, index): ProxyPlayerRankRow => {
    const figures = rankedFigures(row);
    return {
      rank: firstRank + index,
      player: { id: row.enlistmentNo, name: row.nickname, clan: row.clan ? presentClanRef(row.clan) : null },
      division: pools.find((league) => league.id === row.leagueId)?.slug ?? pools[0]!.slug,
      matches: row.matches,
      win: row.wins,
      lose: row.losses,
      draw: row.draws,
      win_rate: figures.winRate,
      kd_rate: figures.kd,
      kill_per_match: figures.killPerMatch,
      rating: row.rating,
    };
  });
  const last = page.at(-1);
  const next = rows.length > limit && last
    ? encodeCursor({ r: last.rating, p: last.playerId, l: last.leagueId, n: firstRank + page.length - 1 })
    : undefined;
  return { data, next };
}
