import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { errorResponses } from '../../contracts/common.js';
import { MatchDetailQuery, MatchDetailResponse } from '../../contracts/matches.js';
import type { PublicReadDependencies } from '../../plugins/public-read-cache.js';
import { sendPreparedAnswer } from '../../plugins/prepared-answer.js';
import { keptOrComputedDetail } from '../stats-core/kept-match-details.js';
import { readTags } from '../stats-core/read-tags.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { loadMatchDetail } from '../stats-core/match-detail.js';

interface MatchRoutesOptions {
  /** The database with the league caches every statistics read shares (built in buildApp). */
  core: StatsCore;
}

const MatchDetailParams = Type.Object({ matchId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * A match's detail shows the match as rated (rosters with the names they played under, MVP, rating changes): a
 * change of the match clears it; a replay re-rates many and is announced as everything (docs/caching.md).
 */
const ofMatch: PublicReadDependencies = {
  dependsOn: (request) => [readTags.match((request.params as { matchId: string }).matchId)],
};

/**
 * One match's detail (the clan and player pages fetch it when a row opens, up to 4 at a time:
 * docs/product/clans.md#match-details).
 */
const matchRoutes: FastifyPluginAsyncTypebox<MatchRoutesOptions> = async (app, { core }) => {
  app.get(
    '/api/league/match-detail/:matchId',
    {
      schema: {
        tags: ['matches'],
        summary: 'Match detail: both teams with every per-player figure, MVP, result, scores; says when still recording',
        description:
          'A match still `recording` answers 200 with `recording: true` and no player rows yet (the page shows ' +
          '"recording..." and asks again). preferSlug naming one of the two clans sets `myTeam` and `result`.',
        params: MatchDetailParams,
        querystring: MatchDetailQuery,
        response: { 200: MatchDetailResponse, ...errorResponses },
      },
      config: { publicRead: ofMatch },
    },
    // Kept ready in PostgreSQL once finished (stats-core/kept-match-details.ts): most reads are of details.
    async (request, reply) => {
      const { matchId } = request.params;
      const { preferSlug } = request.query;
      const answer = await keptOrComputedDetail(
        core, { matchId, preferSlug }, () => loadMatchDetail(core, matchId, preferSlug),
        (detail) => String(reply.serialize({ data: detail })),
      );
      return sendPreparedAnswer(request, reply, answer);
    },
  );
};

export default matchRoutes;
