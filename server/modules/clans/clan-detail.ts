import type { GuardCheck } from '../stats-core/kept-match-pages.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import type { ClanDetailData, ClanMatchSummary, IngestInfo, PlayerRecentRecord } from '../../contracts/clans.js';
import type { Database } from '../../db/client.js';
import { oneDecimal } from '../../lib/numbers.js';
import { INGEST_STALE_MS } from '../ingest/ingest-api.js';
import { loadLeagueContext } from '../stats-core/league-context.js';
import type { LeagueDirectory, LeagueInfo } from '../stats-core/league-directory.js';
import {
  presentPlayerRecord, presentRecentSummary, presentStreak, ratingExtreme, recentResultsOf, type PlayerRecordCounts,
} from '../stats-core/record-figures.js';
import { loadTopOpponents } from '../stats-core/top-opponents.js';
import { DEFAULT_RATING } from '../rating/elo.js';
import { kdPercent, placementState, rankTopPercent, winRate } from '../rating/record-stats.js';
import { loadClanFigures, loadClanRank, loadIngestState } from '../stats-core/clan-figures.js';
import { presentClan, type ClanIdentity } from '../stats-core/clan-directory.js';
import { presentLeague } from '../stats-core/league-param.js';

/** Matches the recent summaries read (20, the result strip: docs/product/ratings.md#last-20-results). */
const RECENT_MATCHES = 20;

interface MemberRecentSqlRow extends PlayerRecordCounts {
  enlistment_no: string;
  nickname: string;
  mvps: number;
}

/**
 * Members' records over the clan's last 20 rated matches in the league (the recent clan-match player win-rate
 * table): the 20 matches come from the clan's index, their rows from match_players' primary key. Dropout rows do
 * not count, as in every record.
 */
async function loadRecentMemberRecords(prisma: Database, clanId: number, leagueId: number): Promise<PlayerRecentRecord[]> {
  const rows = await prisma.$queryRaw<MemberRecentSqlRow[]>`
    WITH recent AS (
      SELECT match_id FROM clan_matches
      WHERE clan_id = ${clanId} AND league_id = ${leagueId} AND result IS NOT NULL
      ORDER BY started_at DESC, match_id DESC LIMIT ${RECENT_MATCHES}
    )
    SELECT p.enlistment_no, p.nickname, count(*)::int AS matches,
           count(*) FILTER (WHERE mp.result = 'win')::int AS wins,
           count(*) FILTER (WHERE mp.result = 'lose')::int AS losses,
           count(*) FILTER (WHERE mp.result = 'draw')::int AS draws,
           sum(mp.kill)::int AS kills, sum(mp.death)::int AS deaths,
           count(*) FILTER (WHERE mp.is_mvp)::int AS mvps
    FROM recent JOIN match_players mp ON mp.match_id = recent.match_id
    JOIN players p ON p.id = mp.player_id
    WHERE mp.clan_id = ${clanId} AND NOT mp.dropout
    GROUP BY p.id, p.enlistment_no, p.nickname
    ORDER BY matches DESC, wins DESC, p.enlistment_no`;
  return rows.map((row) => ({
    player: { id: row.enlistment_no, name: row.nickname },
    playerId: row.enlistment_no,
    nickname: row.nickname,
    ...presentPlayerRecord(row),
    mvp: row.mvps,
  }));
}

/** The ingest state as pages read it; `updating` applies the 10-minute staleness rule. */
export function presentIngest(state: { running: boolean; updatedAt: Date | null }, now = Date.now()): IngestInfo {
  const fresh = state.updatedAt !== null && now - state.updatedAt.getTime() <= INGEST_STALE_MS;
  return { running: state.running, updatedAt: state.updatedAt?.toISOString() ?? null, updating: state.running && fresh };
}

/**
 * What a clan header shows that writes of other clans, or time, move, written down with its kept answer: its place
 * in the standings (every match of the league moves it) and, while the 'updating' badge shows, when it times out;
 * null (not kept) never: the rest shows only what the clan's own writes move.
 */
export function clanHeaderGuard(answer: Pick<ClanDetailData, 'rank' | 'rank_total' | 'ingest'>): string {
  const updatingUntil = answer.ingest.updating && answer.ingest.updatedAt !== null
    ? Date.parse(answer.ingest.updatedAt) + INGEST_STALE_MS
    : null;
  return JSON.stringify({ rank: answer.rank, total: answer.rank_total, updatingUntil });
}

/** The fields of a clan header that show its place in the standings, as loadClanDetail sets them. */
function placeFields(rank: number | null, total: number): Pick<ClanDetailData, 'rank' | 'rank_total' | 'topPercent'> {
  return { rank, rank_total: total, topPercent: rank === null ? null : oneDecimal(rankTopPercent(rank, total)) };
}

/**
 * Whether a kept clan header's guard still holds: the same place in this server's standings, the badge not timed
 * out. When not, the kept header is shown with its place now and, past the badge's time, without the badge.
 */
export async function checkClanHeaderGuard(
  core: StatsCore,
  clan: ClanIdentity,
  league: LeagueInfo,
  guard: string,
): Promise<GuardCheck<{ data: ClanDetailData }>> {
  const kept = JSON.parse(guard) as { rank: number | null; total: number; updatingUntil: number | null };
  const { rank, total } = await loadClanRank(core, clan, league);
  const badgeTimedOut = kept.updatingUntil !== null && Date.now() > kept.updatingUntil;
  if (rank === kept.rank && total === kept.total && !badgeTimedOut) return { holds: true };
  return {
    holds: false,
    showNow: (answer) => {
      Object.assign(answer.data, placeFields(rank, total));
      if (badgeTimedOut) answer.data.ingest.updating = false;
    },
  };
}

/**
 * GET clan-detail: the clan's figures in `league`, read from what ingest keeps ready (no scan of matches), with
 * the league context (where the clan plays now, which leagues hold its records).
 */
export async function loadClanDetail(core: StatsCore, clan: ClanIdentity, league: LeagueInfo): Promise<ClanDetailData> {
  const { prisma, leagues } = core;
  const figures = await loadClanFigures(prisma, clan.id, league.id);
  const [{ rank, total: rankTotal }, ingest, opponents, members, context] = await Promise.all([
    loadClanRank(core, clan, league),
    loadIngestState(prisma, clan.id),
    loadTopOpponents(core, { table: 'clan_opponent_stats', ownerId: clan.id, leagueId: league.id }),
    figures ? loadRecentMemberRecords(prisma, clan.id, league.id) : Promise.resolve([]),
    loadLeagueContext(prisma, leagues, { kind: 'clan', id: clan.id }, league, clan.leagueSlug),
  ]);
  const matches = figures?.matches ?? 0;
  const wins = figures?.wins ?? 0;
  const draws = figures?.draws ?? 0;
  const streak = presentStreak(figures?.streak ?? 0);
  const results = recentResultsOf(figures?.recentResults ?? '');
  const rate = oneDecimal(winRate(wins, draws, matches));
  const placement = placementState(matches);
  const kills = members.reduce((sum, member) => sum + member.kill, 0);
  const deaths = members.reduce((sum, member) => sum + member.death, 0);
  const summary: ClanMatchSummary = {
    division: league.slug,
    league_type: league.kind,
    win_straight: streak.value,
    ...presentRecentSummary(results),
    kd_rate: oneDecimal(kdPercent(kills, deaths)),
    results,
    clan_summaries: opponents,
    player_summaries: members,
  };
  const rating = figures?.rating ?? DEFAULT_RATING;
  return {
    clan: presentClan(clan),
    league: presentLeague(league),
    rating,
    score: rating,
    win: wins,
    lose: figures?.losses ?? 0,
    draw: draws,
    total: matches,
    totalMatches: matches,
    win_rate: rate,
    winRate: rate,
    ...placeFields(rank, rankTotal),
    placement: placement === 'Placement',
    placementState: placement,
    streak,
    win_straight: streak.value,
    recentResults: results,
    peak: figures ? ratingExtreme(figures.peakRating, figures.peakAt) : null,
    lowest: figures ? ratingExtreme(figures.lowestRating, figures.lowestAt) : null,
    lastMatchAt: figures?.lastMatchAt?.toISOString() ?? null,
    renewed_at: (ingest.updatedAt ?? figures?.updatedAt)?.toISOString() ?? null,
    match_summary: summary,
    ingest: presentIngest(ingest),
    context,
  };
}
