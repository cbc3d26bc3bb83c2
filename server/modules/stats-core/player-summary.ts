import type { PlayerSummaryData } from '../../contracts/players.js';
import { oneDecimal, twoDecimals } from '../../lib/numbers.js';
import { DEFAULT_RATING } from '../rating/elo.js';
import { averageKills, kdPercent, placementState, rankTopPercent, winRate } from '../rating/record-stats.js';
import { presentClan } from './clan-directory.js';
import { clanMarkUrls } from './clan-presenter.js';
import { loadLeagueContext } from './league-context.js';
import { presentLeague } from './league-param.js';
import { loadPlayerFigures, loadPlayerRecentSummary } from './player-figures.js';
import { clanOfPlayer, resolvePlayerLeague, type PlayerIdentity } from './player-lookup.js';
import { countAhead } from './rank-snapshot.js';
import { presentStreak, ratingExtreme, recentResultsOf } from './record-figures.js';
import type { GuardCheck } from './kept-match-pages.js';
import type { StatsCore } from './stats-core.js';
import { loadTopOpponents } from './top-opponents.js';

/** The player's rank in the league's personal ranking (rating desc, then id: the ranking page's order). */
async function loadPlayerRank(core: StatsCore, leagueId: number, playerId: number, rating: number, ranked: boolean) {
  const snapshot = await core.rankOrder.get(leagueId);
  const total = snapshot.ratings.length;
  return { rank: ranked ? countAhead(snapshot, rating, playerId) + 1 : null, total };
}

/** What a player summary shows that other players' matches move: its rank, with what it was worked out from. */
interface SummaryGuard {
  leagueId: number;
  playerId: number;
  rating: number;
  ranked: boolean;
  rank: number | null;
  total: number;
}

/**
 * The guard a kept player summary is written with (stats-core/kept-match-pages.ts): its rank in the league's
 * ranking order; the rest shows only what the player's own writes (and changes of everything) move.
 */
export function playerSummaryGuard(player: PlayerIdentity, answer: PlayerSummaryData, leagueId: number): string {
  const guard: SummaryGuard = {
    leagueId, playerId: player.id, rating: answer.rating, ranked: answer.matches > 0, rank: answer.rank, total: answer.total,
  };
  return JSON.stringify(guard);
}

/** The fields of a player summary that show its rank, as loadPlayerSummary sets them. */
function rankFields(rank: number | null, total: number): Pick<PlayerSummaryData, 'rank' | 'total' | 'rank_count' | 'topPercent'> {
  return { rank, total, rank_count: total, topPercent: rank === null ? null : oneDecimal(rankTopPercent(rank, total)) };
}

/**
 * Whether a kept player summary's rank is still the one this server's ranking order gives; when not, the kept
 * summary is shown with the rank it has now (its rating, and so its place among others, is the kept one's).
 */
export async function checkPlayerSummaryGuard(core: StatsCore, guard: string): Promise<GuardCheck<{ data: PlayerSummaryData }>> {
  const kept = JSON.parse(guard) as SummaryGuard;
  const { rank, total } = await loadPlayerRank(core, kept.leagueId, kept.playerId, kept.rating, kept.ranked);
  if (rank === kept.rank && total === kept.total) return { holds: true };
  return { holds: false, showNow: (answer) => Object.assign(answer.data, rankFields(rank, total)) };
}

/** GET player summary: the player's figures in one league (`league`, else the league their page belongs to). */
export async function loadPlayerSummary(
  core: StatsCore,
  player: PlayerIdentity,
  askedLeague: string | undefined,
): Promise<PlayerSummaryData> {
  const { prisma, leagues } = core;
  const clan = await clanOfPlayer(core, player);
  const league = await resolvePlayerLeague(leagues, player, clan?.leagueSlug, askedLeague);
  const figures = await loadPlayerFigures(prisma, player.id, league.id);
  const matches = figures?.matches ?? 0;
  const rating = figures?.rating ?? DEFAULT_RATING;
  const [{ rank, total }, recent, opponents, context] = await Promise.all([
    loadPlayerRank(core, league.id, player.id, rating, matches > 0),
    loadPlayerRecentSummary(prisma, player.id, league.id),
    loadTopOpponents(core, { table: 'player_opponent_stats', ownerId: player.id, leagueId: league.id }),
    loadLeagueContext(prisma, leagues, { kind: 'player', id: player.id }, league, clan?.leagueSlug),
  ]);
  const wins = figures?.wins ?? 0;
  const draws = figures?.draws ?? 0;
  const kills = figures?.kills ?? 0;
  const deaths = figures?.deaths ?? 0;
  const rate = oneDecimal(winRate(wins, draws, matches));
  const kd = oneDecimal(kdPercent(kills, deaths));
  const avgKill = twoDecimals(averageKills(kills, matches));
  const mvp = figures?.mvpCount ?? 0;
  const placement = placementState(matches);
  const streak = presentStreak(figures?.streak ?? 0);
  return {
    playerId: player.enlistmentNo,
    id: player.enlistmentNo,
    nickname: player.nickname,
    name: player.nickname,
    clan: clan ? presentClan(clan) : null,
    clanSlug: clan?.slug ?? null,
    clanName: clan?.name ?? null,
    clanMark: clan ? clanMarkUrls(clan) : null,
    clanJoinedAt: clan ? (player.clanJoinedAt?.toISOString() ?? null) : null,
    hasRecord: clan !== undefined && matches > 0,
    leagueName: league.slug,
    league: presentLeague(league),
    rating,
    totalMatches: matches,
    matches,
    win: wins,
    lose: figures?.losses ?? 0,
    draw: draws,
    winRate: rate,
    win_rate: rate,
    kill: kills,
    death: deaths,
    assist: figures?.assists ?? 0,
    headshot: figures?.headshots ?? 0,
    kdRate: kd,
    kd_rate: kd,
    avgKill,
    kill_per_match: avgKill,
    mvp,
    mvpCount: mvp,
    ...rankFields(rank, total),
    placement: placement === 'Placement',
    placementState: placement,
    streak,
    win_straight: streak.value,
    recentResults: recentResultsOf(figures?.recentResults ?? ''),
    recent,
    opponents,
    peak: figures ? ratingExtreme(figures.peakRating, figures.peakAt) : null,
    lowest: figures ? ratingExtreme(figures.lowestRating, figures.lowestAt) : null,
    lastMatchAt: figures?.lastMatchAt?.toISOString() ?? null,
    lastSeenAt: player.lastSeenAt?.toISOString() ?? null,
    context,
  };
}
