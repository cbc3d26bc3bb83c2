import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  RANKING_PAGE_MAX, RankingPositionParams, RankingPositionResponse, RankingQuery, RankingResponse,
} from '../../contracts/rankings.js';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { DEFAULT_LEAGUE } from '../stats-core/league-catalog.js';
import { leagueDirectoryFor } from '../stats-core/league-directory.js';
import { loadRankingPage } from '../stats-core/ranking-page.js';
import { presentRankingEntry } from '../stats-core/ranking-presenter.js';
import { countAhead, keyAt, rankSnapshotsFor } from '../stats-core/rank-snapshot.js';

interface RankingRoutesOptions {
  prisma: Database;
}

/** The SAL personal ranking: the sal-beginner rating pool (docs/decisions.md, ratings per league). */
const rankingRoutes: FastifyPluginAsyncTypebox<RankingRoutesOptions> = async (app, { prisma }) => {
  const leagues = leagueDirectoryFor(prisma);
  const snapshots = rankSnapshotsFor(prisma);

  app.get(
    '/api/sal/user/ranking',
    {
      schema: {
        tags: ['rankings'],
        summary: 'SAL personal Elo ranking (home Top 5: limit=5; ranking page: limit=100&skip=n)',
        description:
          'A plain array, rating desc (ties in a fixed order); a page shorter than `limit` is the last. `limit` above 100 ' +
          'is clamped to 100; a negative `skip` is a 400.',
        querystring: RankingQuery,
        response: { 200: RankingResponse, ...errorResponses },
      },
      config: { publicRead: true },
    },
    async (request) => {
      const limit = Math.min(request.query.limit ?? RANKING_PAGE_MAX, RANKING_PAGE_MAX);
      const skip = request.query.skip ?? 0;
      const league = await leagues.require(DEFAULT_LEAGUE);
      let after = null;
      if (skip > 0) {
        // The row before the page, from the in-memory order: the page itself is then an index range read.
        const bound = keyAt(await snapshots.get(league.id), skip - 1);
        if (!bound) return [];
        after = { ...bound, leagueId: league.id };
      }
      const rows = await loadRankingPage(prisma, [league.id], after, limit);
      return rows.map((row, index) => presentRankingEntry(row, skip + index + 1, league.slug));
    },
  );

  app.get(
    '/api/sal/user/ranking/position/:playerId',
    {
      schema: {
        tags: ['rankings'],
        summary: "A player's place in the SAL ranking (rank of total); rank null before the first rated match",
        params: RankingPositionParams,
        response: { 200: RankingPositionResponse, ...errorResponses },
      },
      config: { publicRead: true },
    },
    async (request) => {
      const { playerId } = request.params;
      const player = await prisma.player.findUnique({ where: { enlistmentNo: playerId }, select: { id: true } });
      if (!player) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
      const league = await leagues.require(DEFAULT_LEAGUE);
      const [stats, snapshot] = await Promise.all([
        prisma.playerStat.findUnique({
          where: { playerId_leagueId: { playerId: player.id, leagueId: league.id } },
          select: { rating: true, matches: true },
        }),
        snapshots.get(league.id),
      ]);
      const total = snapshot.ratings.length;
      if (!stats || stats.matches === 0) return { playerId, rank: null, total, rating: stats?.rating ?? 1000 };
      return { playerId, rank: countAhead(snapshot, stats.rating, player.id) + 1, total, rating: stats.rating };
    },
  );
};

export default rankingRoutes;
