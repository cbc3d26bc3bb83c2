import type { StatsCore } from '../stats-core/stats-core.js';
import type { ProxyClanDetailResponse, ProxyClanMatch, PlayerSummary } from '../../contracts/proxy.js';
import type { Static } from 'typebox';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { leagueClanId, presentClanRef, type ClanRow } from '../stats-core/clan-presenter.js';
import { oneDecimal } from '../../lib/numbers.js';
import { loadClanRank } from '../stats-core/clan-figures.js';
import { loadLeagueContext } from '../stats-core/league-context.js';
import type { LeagueDirectory, LeagueInfo } from '../stats-core/league-directory.js';
import { proxyDivisionKey } from '../rating/division-key.js';
import type { MatchResult } from '../rating/match-result.js';
import { kdPercent, placementState, winRate } from '../rating/record-stats.js';
import { decodeCursor, encodeCursor } from './keyset-cursor.js';
import { buildMatchSummary, loadSummaryOpponents, SUMMARY_MATCHES } from './match-summary.js';

/** A clan with its internal id, as the proxy reads it. */
interface ClanEntity extends ClanRow {
  id: number;
  leagueId: number;
}

/** A clan in one league's pool: the `league_clan` of the proxy shapes. */
export interface LeagueClanKey {
  clan: ClanEntity;
  league: LeagueInfo;
}

const MATCH_CURSOR_FIELDS = ['t', 'm'] as const;



/**
 * The clan and the league pool a division names for it: the one league of a slug, or, for 'supply' (leagues 1
 * and 2), the one the clan played in last (else the one it is in now, else the first).
 */
export async function resolveClanPool(core: StatsCore, division: string, clanSlug: string): Promise<LeagueClanKey> {
  const { prisma, leagues } = core;
  const pools = await leagues.requireDivision(division);
  const clan = await core.clans.require(clanSlug);
  if (pools.length === 1) return { clan, league: pools[0]! };
  const latest = await prisma.clanStat.findFirst({
    where: { clanId: clan.id, leagueId: { in: pools.map((league) => league.id) }, matches: { gt: 0 } },
    orderBy: { lastMatchAt: { sort: 'desc', nulls: 'last' } },
    select: { leagueId: true },
  });
  const league = pools.find((pool) => pool.id === latest?.leagueId) ?? pools.find((pool) => pool.id === clan.leagueId) ?? pools[0]!;
  return { clan, league };
}

/** The clan and league of a `league_clan.id`; 404 with the clan text when either is unknown. */
export async function resolveLeagueClanId(core: StatsCore, id: string): Promise<LeagueClanKey> {
  const dot = id.indexOf('.');
  const league = dot > 0 ? await core.leagues.bySlug(id.slice(0, dot)) : undefined;
  if (!league) throw new NotFoundError(serverMessages.clanInfoNotFound, 'clan_not_found');
  return { clan: await core.clans.require(id.slice(dot + 1)), league };
}

interface ClanMatchSqlRow {
  match_id: number;
  side: 'blue' | 'red';
  result: MatchResult | null;
  rating_before: number | null;
  rating_after: number | null;
  started_at: Date;
  external_id: string;
  map: string | null;
  play_time_seconds: number;
  status: 'recording' | 'complete';
  blue_score: number | null;
  red_score: number | null;
  opp_slug: string;
  opp_name: string;
  opp_mark_bg: string | null;
  opp_mark_front: string | null;
  opp_rating: number | null;
  kill: number;
  death: number;
  assist: number;
}

/**
 * One page of a clan's matches in a league, newest first (time, then id), after the cursor's bound: an index
 * range read on clan_matches (clan, league, started_at desc, match_id desc), whatever the depth.
 */
export async function loadClanMatchPage(
  prisma: Database,
  key: LeagueClanKey,
  clanRating: number,
  cursor: string | undefined,
  limit: number,
): Promise<{ data: ProxyClanMatch[]; next?: string }> {
  const after = cursor === undefined ? null : decodeCursor(cursor, MATCH_CURSOR_FIELDS);
  // The leading `started_at <=` bound lets the index range start at the cursor instead of filtering up to it.
  const bound = after
    ? Prisma.sql`AND cm.started_at <= ${new Date(after.t)} AND (cm.started_at < ${new Date(after.t)} OR cm.match_id < ${after.m})`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<ClanMatchSqlRow[]>`
    SELECT cm.match_id, cm.side, cm.result, cm.rating_before, cm.rating_after, cm.started_at,
           m.external_id, m.map, m.play_time_seconds, m.status, m.blue_score, m.red_score,
           oc.slug AS opp_slug, oc.name AS opp_name, oc.mark_bg AS opp_mark_bg, oc.mark_front AS opp_mark_front,
           ocm.rating_after AS opp_rating,
           COALESCE(k.kill, 0)::int AS kill, COALESCE(k.death, 0)::int AS death, COALESCE(k.assist, 0)::int AS assist
    FROM clan_matches cm
    JOIN matches m ON m.id = cm.match_id
    JOIN clans oc ON oc.id = cm.opponent_clan_id
    LEFT JOIN clan_matches ocm ON ocm.match_id = cm.match_id AND ocm.clan_id = cm.opponent_clan_id
    LEFT JOIN LATERAL (
      SELECT sum(mp.kill) AS kill, sum(mp.death) AS death, sum(mp.assist) AS assist
      FROM match_players mp WHERE mp.match_id = cm.match_id AND mp.side = cm.side
    ) AS k ON true
    WHERE cm.clan_id = ${key.clan.id} AND cm.league_id = ${key.league.id} ${bound}
    ORDER BY cm.started_at DESC, cm.match_id DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const leagueClan = { id: leagueClanId(key.league.slug, key.clan.slug), rating: clanRating, clan: presentClanRef(key.clan) };
  const divisionKey = proxyDivisionKey(key.league.slug);
  return {
    data: page.map((row) => ({
      id: row.external_id,
      division_key: divisionKey,
      map: row.map,
      start_at: row.started_at.toISOString(),
      play_time: row.play_time_seconds,
      status: row.status,
      result: row.result,
      win: row.result === null ? null : row.result === 'win',
      blue_team: row.side === 'blue',
      scores: row.blue_score === null || row.red_score === null ? null : [row.blue_score, row.red_score],
      rating: row.rating_after,
      rating_update: row.rating_after === null || row.rating_before === null ? null : row.rating_after - row.rating_before,
      kill: row.kill,
      death: row.death,
      assist: row.assist,
      kd_rate: oneDecimal(kdPercent(row.kill, row.death)),
      league_clan: leagueClan,
      opponent: {
        clan: presentClanRef({ slug: row.opp_slug, name: row.opp_name, markBg: row.opp_mark_bg, markFront: row.opp_mark_front }),
        rating: row.opp_rating,
      },
    })),
    next: rows.length > limit && last ? encodeCursor({ t: last.started_at.getTime(), m: last.match_id }) : undefined,
  };
}

interface RecentRowSqlRow {
  match_id: number;
  result: MatchResult;
  enlistment_no: string;
  nickname: string;
  kill: number;
  death: number;
  is_mvp: boolean;
  dropout: boolean;
}

/** The clan's last 20 rated matches in the league: results newest first, and its players' rows in them. */
async function loadRecentClanRows(prisma: Database, key: LeagueClanKey) {
  const matches = await prisma.$queryRaw<Array<{ match_id: number; result: MatchResult }>>`
    SELECT match_id, result FROM clan_matches
    WHERE clan_id = ${key.clan.id} AND league_id = ${key.league.id} AND result IS NOT NULL
    ORDER BY started_at DESC, match_id DESC LIMIT ${SUMMARY_MATCHES}`;
  if (matches.length === 0) return { results: [] as MatchResult[], rows: [] as RecentRowSqlRow[] };
  const rows = await prisma.$queryRaw<RecentRowSqlRow[]>`
    SELECT mp.match_id, mp.result, p.enlistment_no, mp.nickname, mp.kill, mp.death, mp.is_mvp, mp.dropout
    FROM match_players mp JOIN players p ON p.id = mp.player_id
    WHERE mp.match_id = ANY(${matches.map((match) => match.match_id)}) AND mp.clan_id = ${key.clan.id}`;
  return { results: matches.map((match) => match.result), rows };
}

/** Each player's record over the clan's recent matches (dropout rows do not count), most matches first. */
function summarisePlayers(rows: RecentRowSqlRow[]): Static<typeof PlayerSummary>[] {
  const byPlayer = new Map<string, { name: string; results: MatchResult[]; kill: number; death: number }>();
  for (const row of rows) {
    if (row.dropout) continue;
    const entry = byPlayer.get(row.enlistment_no) ?? { name: row.nickname, results: [], kill: 0, death: 0 };
    entry.results.push(row.result);
    entry.kill += row.kill;
    entry.death += row.death;
    byPlayer.set(row.enlistment_no, entry);
  }
  return [...byPlayer]
    .map(([id, entry]) => {
      const count = (result: MatchResult) => entry.results.filter((candidate) => candidate === result).length;
      return {
        player: { id, name: entry.name },
        total: entry.results.length,
        win: count('win'),
        lose: count('lose'),
        draw: count('draw'),
        win_rate: oneDecimal(winRate(count('win'), count('draw'), entry.results.length)),
        kill: entry.kill,
        death: entry.death,
        kd_rate: oneDecimal(kdPercent(entry.kill, entry.death)),
      };
    })
    .sort((a, b) => b.total - a.total || (b.win_rate ?? 0) - (a.win_rate ?? 0) || a.player.name.localeCompare(b.player.name, 'ko'));
}

/**
 * GET /api/proxy/clan-detail/{division}/{clanId} from the site's own data. Rank and total come from the same
 * standings as the league-name clan-detail, so both variants give a clan the same place.
 */
export async function loadProxyClanDetail(
  core: StatsCore,
  key: LeagueClanKey,
  pageSize: number,
): Promise<ProxyClanDetailResponse['data']> {
  const { prisma, leagues } = core;
  const current = await leagues.byId(key.clan.leagueId);
  const [stats, ingest, place, recent, opponents, context] = await Promise.all([
    prisma.clanStat.findUnique({ where: { clanId_leagueId: { clanId: key.clan.id, leagueId: key.league.id } } }),
    prisma.ingestState.findUnique({ where: { clanId: key.clan.id } }),
    loadClanRank(core, key.clan, key.league),
    loadRecentClanRows(prisma, key),
    loadSummaryOpponents(prisma, { clanId: key.clan.id }, key.league.id),
    loadLeagueContext(prisma, leagues, { kind: 'clan', id: key.clan.id }, key.league, current?.slug),
  ]);
  const rating = stats?.rating ?? 1000;
  const matches = stats?.matches ?? 0;
  const firstPage = await loadClanMatchPage(prisma, key, rating, undefined, pageSize);
  const sum = (pick: (row: RecentRowSqlRow) => number) => recent.rows.reduce((total, row) => total + pick(row), 0);
  return {
    clan: { ...presentClanRef(key.clan), division: key.league.slug, league_type: key.league.kind },
    league_clan: { id: leagueClanId(key.league.slug, key.clan.slug), rating, clan: presentClanRef(key.clan) },
    rating,
    rank: place.rank,
    rank_count: place.total,
    matches_count: matches,
    win: stats?.wins ?? 0,
    lose: stats?.losses ?? 0,
    draw: stats?.draws ?? 0,
    win_rate: oneDecimal(winRate(stats?.wins ?? 0, stats?.draws ?? 0, matches)),
    placement: placementState(matches) === 'Placement',
    win_straight: stats?.streak ?? 0,
    renewed_at: (ingest?.updatedAt ?? stats?.updatedAt)?.toISOString() ?? null,
    ingest: { running: ingest?.running ?? false, updatedAt: ingest?.updatedAt.toISOString() ?? null },
    match_summary: buildMatchSummary({
      league: key.league,
      results: recent.results,
      kill: sum((row) => row.kill),
      death: sum((row) => row.death),
      mvpCount: sum((row) => (row.is_mvp ? 1 : 0)),
      opponents,
      players: summarisePlayers(recent.rows),
    }),
    matches: { data: firstPage.data, metadata: { cursor: firstPage.next === undefined ? {} : { next: firstPage.next } } },
    context,
  };
}
