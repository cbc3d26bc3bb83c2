import Type, { type Static } from 'typebox';
import {
  ClanMark, ClanRef, LeagueContext, LeagueRef, MatchResultValue, OpponentRecord, RATING_HISTORY_DEFAULT_LIMIT, RatingExtreme,
  RatingHistoryData, StreakInfo,
} from './clans.js';
import { LIMIT_CEILING, Nullable } from './common.js';
import { KillDeathFields, Percent, RecordFields } from './league.js';

/**
 * Player calls of the league-name variant (docs/product/players.md). `playerId` is the enlistment number everywhere.
 */

const IsoTime = Type.String({ format: 'date-time' });

/** Path of the player calls: the enlistment number. */
export const PlayerPathParams = Type.Object({ playerId: Type.String({ minLength: 1, maxLength: 40 }) });

/** GET summary query: which league's figures (default: the league of the player's clan, else of their latest match). */
export const PlayerSummaryQuery = Type.Object({ league: Type.Optional(Type.String({ maxLength: 40 })) });

/** GET rating-history query: league as for the summary; the last `limit` points (default 100, clamped to 500). */
export const PlayerRatingHistoryQuery = Type.Object({
  league: Type.Optional(Type.String({ maxLength: 40 })),
  limit: Type.Integer({ minimum: 1, maximum: LIMIT_CEILING, default: RATING_HISTORY_DEFAULT_LIMIT, description: 'clamped to 500' }),
});

/** The player's last 20 matches summed up (the four summary cards of reading 2). */
export const PlayerRecentSummary = Type.Object({
  count: Type.Integer(),
  ...RecordFields,
  ...KillDeathFields,
  mvp: Type.Integer(),
});
export type PlayerRecentSummary = Static<typeof PlayerRecentSummary>;

/** GET /api/league/player/{playerId}/summary: figures of one league (see `league`). */
export const PlayerSummaryData = Type.Object({
  playerId: Type.String(),
  id: Type.String(),
  nickname: Type.String(),
  name: Type.String(),
  clan: Nullable(ClanRef),
  clanSlug: Nullable(Type.String()),
  clanName: Nullable(Type.String()),
  clanMark: Nullable(ClanMark),
  clanJoinedAt: Nullable(IsoTime),
  hasRecord: Type.Boolean({ description: 'false: no clan or no match, the page shows the no-record notice' }),
  leagueName: Type.String({ description: 'slug of the league these figures are of' }),
  league: LeagueRef,
  rating: Type.Integer({ description: 'default 1000' }),
  totalMatches: Type.Integer(),
  matches: Type.Integer(),
  win: Type.Integer(),
  lose: Type.Integer(),
  draw: Type.Integer(),
  winRate: Percent,
  win_rate: Percent,
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  headshot: Type.Integer(),
  kdRate: Percent,
  kd_rate: Percent,
  avgKill: Nullable(Type.Number()),
  kill_per_match: Nullable(Type.Number()),
  mvp: Type.Integer(),
  mvpCount: Type.Integer(),
  rank: Nullable(Type.Integer({ description: 'rank by rating in the league; null before the first match' })),
  total: Type.Integer({ description: 'players ranked in the league' }),
  rank_count: Type.Integer(),
  topPercent: Percent,
  placement: Type.Boolean({ description: 'placement in progress: 1 to 19 matches' }),
  placementState: Nullable(Type.Enum(['Placement', 'regular'])),
  streak: StreakInfo,
  win_straight: Type.Integer(),
  recentResults: Type.Array(MatchResultValue, { description: 'last 20, newest first' }),
  recent: PlayerRecentSummary,
  opponents: Type.Array(OpponentRecord, { description: 'top 5 most-played opponent clans' }),
  peak: Nullable(RatingExtreme),
  lowest: Nullable(RatingExtreme),
  lastMatchAt: Nullable(IsoTime),
  lastSeenAt: Nullable(IsoTime),
  context: LeagueContext,
});
export type PlayerSummaryData = Static<typeof PlayerSummaryData>;
export const PlayerSummaryResponse = Type.Object({ data: PlayerSummaryData });
export type PlayerSummaryResponse = Static<typeof PlayerSummaryResponse>;

/** POST /api/league/player/{playerId}/refresh-clan body: the clan the page shows now (null or '' for none). */
export const RefreshClanBody = Type.Object({
  slug: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
});
export type RefreshClanBody = Static<typeof RefreshClanBody>;

/**
 * The refresh result: what the source says now, whether it changed the stored clan (`action` join, leave or
 * change, recorded in the player's clan history) and when the next refresh is allowed.
 */
export const RefreshClanData = Type.Object({
  playerId: Type.String(),
  changed: Type.Boolean(),
  action: Nullable(Type.Enum(['join', 'leave', 'change'])),
  previous: Nullable(ClanRef),
  clan: Nullable(ClanRef),
  clanSlug: Nullable(Type.String()),
  reload: Type.Boolean({ description: 'the body slug differs from the clan now stored: the page is out of date' }),
  checkedAt: IsoTime,
  nextRefreshAt: IsoTime,
});
export type RefreshClanData = Static<typeof RefreshClanData>;
export const RefreshClanResponse = Type.Object({ data: RefreshClanData });
export type RefreshClanResponse = Static<typeof RefreshClanResponse>;

export const PlayerRatingHistoryResponse = Type.Object({
  data: Type.Object({
    playerId: Type.String(),
    nickname: Type.String(),
    history: RatingHistoryData,
  }),
});
export type PlayerRatingHistoryResponse = Static<typeof PlayerRatingHistoryResponse>;
