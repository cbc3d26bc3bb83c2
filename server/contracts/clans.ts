import Type, { type Static } from 'typebox';
import { LIMIT_CEILING, Nullable } from './common.js';
import { KillDeathFields, Percent, RecordFields } from './league.js';

/**
 * Shapes of the clan calls (league-name variant, docs/product/clans.md) and the building blocks the match and player
 * calls share. Field names are the spellings the spec's pages read; where a page reads two spellings of one value
 * (slug/clanSlug, win_rate/winRate), both are sent.
 */


/** Path of the clan calls: the league (a division slug; 'supply' names the clan's supply league) and the clan. */
export const ClanPathParams = Type.Object({
  leagueName: Type.String({ minLength: 1, maxLength: 40 }),
  clanSlug: Type.String({ minLength: 1, maxLength: 64 }),
});

const IsoTime = Type.String({ format: 'date-time' });

/** One match from one side: win, lose or draw. */
export const MatchResultValue = Type.Enum(['win', 'lose', 'draw']);
export type MatchResultValue = Static<typeof MatchResultValue>;

/** A division as pages name it. */
export const LeagueRef = Type.Object({
  slug: Type.String({ description: 'sal-beginner, supply-1, supply-2 or sanply' }),
  name: Type.String({ description: 'Korean label' }),
  kind: Type.String({ description: 'beginner, supply or sanply (league_type)' }),
});
export type LeagueRef = Static<typeof LeagueRef>;

/** A league a clan or player has rated matches in, with the figures there (the league switcher's entries). */
export const LeagueRecordEntry = Type.Object({
  league: LeagueRef,
  matches: Type.Integer({ description: 'rated matches in this league' }),
  win: Type.Integer(),
  lose: Type.Integer(),
  draw: Type.Integer(),
  rating: Type.Integer(),
  lastMatchAt: Nullable(Type.String({ format: 'date-time' })),
});
export type LeagueRecordEntry = Static<typeof LeagueRecordEntry>;

/**
 * Which league an answer's figures belong to and where the clan (for a player: the player's clan) plays now, with
 * every league it has records in (docs/league-context.md). Pages name `shown`, offer `records` as a switcher and,
 * when `isCurrent` is false, say where the clan plays now: the figures stay those of `shown`.
 */
export const LeagueContext = Type.Object({
  shown: LeagueRef,
  /** The league the clan plays in now; null for a player without a clan. */
  current: Nullable(LeagueRef),
  isCurrent: Type.Boolean({ description: 'shown is the league the clan plays in now (live figures: streak, rank, updating)' }),
  records: Type.Array(LeagueRecordEntry, { description: 'every league with a rated match, in catalogue order' }),
});
export type LeagueContext = Static<typeof LeagueContext>;

/**
 * The two logo layers as image URLs: /clan-logos/{slug}-1.png (background) and -2.png (front). A clan without a
 * background layer gets /clan-logos/default_clan.png and no front; pages fall back to default_clan.png when an
 * image fails to load.
 */
export const ClanMark = Type.Object({
  mark_bg: Type.String(),
  mark_front: Nullable(Type.String()),
});
export type ClanMark = Static<typeof ClanMark>;

/** A clan wherever one is named (slug/clanSlug/clanId are the same value: the slug). */
export const ClanRef = Type.Object({
  slug: Type.String(),
  clanSlug: Type.String(),
  clanId: Type.String({ description: 'the slug again (the proxy-variant pages read clanId)' }),
  name: Type.String(),
  clanName: Type.String(),
  mark_bg: Type.String(),
  mark_front: Nullable(Type.String()),
  leagueName: Type.String({ description: 'slug of the division the clan plays in now' }),
});
export type ClanRef = Static<typeof ClanRef>;

/**
 * Ingest state of a clan: `updating` is running and updated within the last 10 minutes
 * (docs/product/leagues.md#updating-badge).
 */
export const IngestInfo = Type.Object({
  running: Type.Boolean(),
  updatedAt: Nullable(IsoTime),
  updating: Type.Boolean({ description: 'running and updatedAt within 10 minutes' }),
});
export type IngestInfo = Static<typeof IngestInfo>;

/**
 * Current streak: count from the newest match, wins positive, losses negative, and its banner label
 * (docs/product/ratings.md#streak).
 */
export const StreakInfo = Type.Object({
  value: Type.Integer({ description: 'wins positive, losses negative, 0 after a draw or before any match' }),
  count: Type.Integer({ minimum: 0 }),
  kind: Nullable(Type.Enum(['win', 'lose'])),
  label: Nullable(Type.Enum(['rising', 'onFire', 'legendary', 'declining', 'holdYourMind', 'gg'])),
});
export type StreakInfo = Static<typeof StreakInfo>;

/** A rating high or low point and when it was reached. */
export const RatingExtreme = Type.Object({ rating: Type.Integer(), at: IsoTime });
export type RatingExtreme = Static<typeof RatingExtreme>;

/** Record against one opponent clan; win_rate counts a draw half, one decimal (docs/product/ratings.md#win-rate). */
export const OpponentRecord = Type.Object({
  clan: ClanRef,
  clanSlug: Type.String(),
  clanName: Type.String(),
  total: Type.Integer(),
  ...RecordFields,
  lastMatchAt: Nullable(IsoTime),
});
export type OpponentRecord = Static<typeof OpponentRecord>;

/** A clan member's record over the clan's recent matches (the clan page's player win-rate table). */
export const PlayerRecentRecord = Type.Object({
  player: Type.Object({ id: Type.String(), name: Type.String() }),
  playerId: Type.String(),
  nickname: Type.String(),
  matches: Type.Integer(),
  ...RecordFields,
  ...KillDeathFields,
  mvp: Type.Integer(),
});
export type PlayerRecentRecord = Static<typeof PlayerRecentRecord>;

/** The clan's recent matches summed up (match_summary). */
export const ClanMatchSummary = Type.Object({
  division: Type.String({ description: 'league slug' }),
  league_type: Type.String(),
  win_straight: Type.Integer({ description: 'the streak value' }),
  count: Type.Integer({ description: 'matches in the recent window (up to 20)' }),
  ...RecordFields,
  kd_rate: Percent,
  results: Type.Array(MatchResultValue, { description: 'last 20 results, newest first' }),
  clan_summaries: Type.Array(OpponentRecord, { description: 'top 5 opponent clans by total games' }),
  player_summaries: Type.Array(PlayerRecentRecord, { description: 'members over the last 20 clan matches' }),
});
export type ClanMatchSummary = Static<typeof ClanMatchSummary>;

/** GET /api/league/{league}/clan-detail/{clanSlug} */
export const ClanDetailData = Type.Object({
  clan: ClanRef,
  league: LeagueRef,
  rating: Type.Integer(),
  score: Type.Integer({ description: 'same as rating (standings call it score)' }),
  win: Type.Integer(),
  lose: Type.Integer(),
  draw: Type.Integer(),
  total: Type.Integer({ description: 'rated matches in this league' }),
  totalMatches: Type.Integer(),
  win_rate: Percent,
  winRate: Percent,
  rank: Nullable(Type.Integer({ description: 'standings rank; null before the first match' })),
  rank_total: Type.Integer({ description: 'clans ranked in this league' }),
  topPercent: Percent,
  placement: Type.Boolean({ description: 'placement in progress: 1 to 19 matches' }),
  placementState: Nullable(Type.Enum(['Placement', 'regular'])),
  streak: StreakInfo,
  win_straight: Type.Integer(),
  recentResults: Type.Array(MatchResultValue),
  peak: Nullable(RatingExtreme),
  lowest: Nullable(RatingExtreme),
  lastMatchAt: Nullable(IsoTime),
  renewed_at: Nullable(IsoTime),
  match_summary: ClanMatchSummary,
  ingest: IngestInfo,
  context: LeagueContext,
});
export type ClanDetailData = Static<typeof ClanDetailData>;
export const ClanDetailResponse = Type.Object({ data: ClanDetailData });
export type ClanDetailResponse = Static<typeof ClanDetailResponse>;

/**
 * POST /api/league/{league}/clan/{clanSlug}/refresh: the record update button. `refreshed` says whether new or
 * changed matches were stored; otherwise `reason` says why not, and `updatedAt` how fresh the records are.
 */
export const ClanRefreshData = Type.Object({
  clanSlug: Type.String(),
  refreshed: Type.Boolean({ description: 'new or changed matches were fetched and stored' }),
  reason: Nullable(
    Type.Enum(['no_upstream', 'recently_refreshed', 'no_new_matches'], {
      description: 'no_upstream: no source to ask (records are as current as the last ingest); recently_refreshed: ' +
        'fetched less than the interval ago (nothing asked); no_new_matches: asked, nothing new. null when refreshed',
    }),
  ),
  newMatches: Type.Integer({ description: 'matches stored by this refresh (new or changed)' }),
  updatedAt: Nullable(Type.String({ format: 'date-time', description: "when ingest last worked on the clan (the header's renewed_at)" })),
  nextRefreshAt: Nullable(Type.String({ format: 'date-time', description: 'when the source may be asked again; null without a source' })),
});
export type ClanRefreshData = Static<typeof ClanRefreshData>;
export const ClanRefreshResponse = Type.Object({ data: ClanRefreshData });
export type ClanRefreshResponse = Static<typeof ClanRefreshResponse>;

/** A member row (GET /api/league/{league}/clan-members/{clanSlug}); figures are of the path's league. */
export const ClanMember = Type.Object({
  playerId: Type.String(),
  nickname: Type.String(),
  clanSlug: Type.String(),
  clanMark: ClanMark,
  rating: Type.Integer({ description: 'default 1000' }),
  matches: Type.Integer(),
  totalMatches: Type.Integer(),
  win: Type.Integer(),
  lose: Type.Integer(),
  draw: Type.Integer(),
  winRate: Percent,
  kd: Percent,
  killPerMatch: Nullable(Type.Number()),
  mvpCount: Type.Integer(),
  joinedAt: Nullable(IsoTime),
  lastSeenAt: Nullable(IsoTime),
});
export type ClanMember = Static<typeof ClanMember>;

export const ClanMemberSort = Type.Enum(['rating', 'matches', 'winRate', 'kd', 'recent', 'nickname'], { default: 'rating' });
export type ClanMemberSort = Static<typeof ClanMemberSort>;

/** GET clan-members query: order (rating by default) and how many (clamped to 300). */
export const ClanMembersQuery = Type.Object({
  sort: ClanMemberSort,
  limit: Type.Integer({ minimum: 1, maximum: LIMIT_CEILING, default: 300, description: 'clamped to 300' }),
});
export type ClanMembersQuery = Static<typeof ClanMembersQuery>;

export const ClanMembersResponse = Type.Object({
  data: Type.Array(ClanMember),
  total: Type.Integer({ description: 'members of the clan (the list stops at limit)' }),
});
export type ClanMembersResponse = Static<typeof ClanMembersResponse>;

/** One point of a rating history: the rating after a rated match. */
export const RatingPoint = Type.Object({
  matchId: Type.String(),
  at: IsoTime,
  rating: Type.Integer(),
  before: Type.Integer(),
  delta: Type.Integer(),
  result: MatchResultValue,
  opponentSlug: Type.String(),
  opponentName: Type.String(),
});
export type RatingPoint = Static<typeof RatingPoint>;

/** Rating history of a clan or player in one league, oldest point first (beyond the spec). */
export const RatingHistoryData = Type.Object({
  league: LeagueRef,
  current: Type.Integer(),
  peak: Nullable(RatingExtreme),
  lowest: Nullable(RatingExtreme),
  total: Type.Integer({ description: 'rated matches in this league' }),
  points: Type.Array(RatingPoint, { description: 'the last `limit` rated matches, oldest first' }),
});
export type RatingHistoryData = Static<typeof RatingHistoryData>;

/** The points a rating history shows unless asked for more or fewer: what the pages ask for, so what is kept. */
export const RATING_HISTORY_DEFAULT_LIMIT = 100;

/** Rating history query: the last `limit` points (default 100, clamped to 500). */
export const RatingHistoryQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: LIMIT_CEILING, default: RATING_HISTORY_DEFAULT_LIMIT, description: 'clamped to 500' }),
});

export const ClanRatingHistoryResponse = Type.Object({
  data: Type.Object({ clan: ClanRef, history: RatingHistoryData }),
});
export type ClanRatingHistoryResponse = Static<typeof ClanRatingHistoryResponse>;
