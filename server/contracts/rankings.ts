import Type, { type Static } from 'typebox';
import { Nullable, PageLimit, PageSkip } from './common.js';
import { Percent } from './league.js';

/** The SAL personal ranking (docs/product/rankings.md#personal-ranking): the sal-beginner rating pool. */

/** Most rows one ranking page returns (docs/product/rankings.md#ranking-paging); a larger `limit` is clamped to it. */
export const RANKING_PAGE_MAX = 100;

export const RankingQuery = Type.Object({
  limit: Type.Optional(PageLimit({ default: RANKING_PAGE_MAX, description: 'rows, clamped to 100 (home Top 5: 5)' })),
  skip: Type.Optional(PageSkip({ description: 'rows to skip (page n: skip = 100 x n)' })),
});

/** One row of GET /api/sal/user/ranking: rating desc (ties in a fixed order); `rank` is 1-based. */
export const RankingEntry = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  playerId: Type.String({ description: 'enlistment number; rows link to /sal/player/{playerId}?league={leagueName}' }),
  leagueName: Type.String({ description: 'the league whose figures the row shows (sal-beginner): links carry it' }),
  nickname: Type.String(),
  clanSlug: Nullable(Type.String()),
  clanName: Nullable(Type.String()),
  mark_bg: Nullable(Type.String()),
  mark_front: Nullable(Type.String()),
  rating: Type.Integer(),
  matches: Type.Integer(),
  win: Type.Integer(),
  lose: Type.Integer(),
  draw: Type.Integer(),
  winRate: Percent,
  kd: Nullable(Type.Number({ minimum: 0, maximum: 100, description: 'K/D %: kills / (kills + deaths) x 100' })),
  killPerMatch: Nullable(Type.Number({ description: 'average kills per match, two decimals' })),
  mvpCount: Type.Integer(),
});
export type RankingEntry = Static<typeof RankingEntry>;

/** A plain array (the ranking page reads an array; the home Top 5 reads an array or `data`). Shorter than limit: the end. */
export const RankingResponse = Type.Array(RankingEntry);

export const RankingPositionParams = Type.Object({ playerId: Type.String({ minLength: 1, maxLength: 20 }) });

/** GET /api/sal/user/ranking/position/{playerId}: the player's rank badge (rank / total); rank null when unranked. */
export const RankingPositionResponse = Type.Object({
  playerId: Type.String(),
  rank: Nullable(Type.Integer({ minimum: 1 })),
  total: Type.Integer({ minimum: 0, description: 'players ranked in the pool' }),
  rating: Type.Integer(),
});
export type RankingPositionResponse = Static<typeof RankingPositionResponse>;
