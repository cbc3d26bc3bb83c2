import { RANKING_PAGE_MAX, type RankingEntry, type RankingPositionResponse } from '../../contracts/rankings.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { DEFAULT_LEAGUE } from '../stats-core/league-catalog.js';
import { countAhead, keyAt } from '../stats-core/rank-snapshot.js';
import { loadRankingPage } from '../stats-core/ranking-page.js';
import { presentRankingEntry } from '../stats-core/ranking-presenter.js';
import type { StatsCore } from '../stats-core/stats-core.js';

/** The SAL personal ranking: the sal-beginner rating pool (docs/decisions.md, ratings per league). */
export function rankingService(core: StatsCore) {
  const { prisma, leagues, rankOrder } = core;

  /** One page in rating order; a page shorter than `limit` is the last. */
  async function page(query: { limit?: number; skip?: number }): Promise<RankingEntry[]> {
    const limit = Math.min(query.limit ?? RANKING_PAGE_MAX, RANKING_PAGE_MAX);
    const skip = query.skip ?? 0;
    const league = await leagues.require(DEFAULT_LEAGUE);
    let after = null;
    if (skip > 0) {
      // The row before the page, from the in-memory order: the page itself is then an index range read.
      const bound = keyAt(await rankOrder.get(league.id), skip - 1);
      if (!bound) return [];
      after = { ...bound, leagueId: league.id };
    }
    const rows = await loadRankingPage(prisma, [league.id], after, limit);
    return rows.map((row, index) => presentRankingEntry(row, skip + index + 1, league.slug));
  }

  /** A player's place (rank of total); rank null before their first rated match. */
  async function position(playerId: string): Promise<RankingPositionResponse> {
    const player = await prisma.player.findUnique({ where: { enlistmentNo: playerId }, select: { id: true } });
    if (!player) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
    const league = await leagues.require(DEFAULT_LEAGUE);
    const [stats, snapshot] = await Promise.all([
      prisma.playerStat.findUnique({
        where: { playerId_leagueId: { playerId: player.id, leagueId: league.id } },
        select: { rating: true, matches: true },
      }),
      rankOrder.get(league.id),
    ]);
    const total = snapshot.ratings.length;
    if (!stats || stats.matches === 0) return { playerId, rank: null, total, rating: stats?.rating ?? 1000 };
    return { playerId, rank: countAhead(snapshot, stats.rating, player.id) + 1, total, rating: stats.rating };
  }

  return { page, position };
}
