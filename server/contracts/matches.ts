import Type, { type Static } from 'typebox';
import { ClanMark, ClanRef, LeagueRef, MatchResultValue, OpponentRecord } from './clans.js';
import { LIMIT_CEILING, Nullable, PageSkip } from './common.js';
import { MatchListFilterQuery } from './match-filters.js';

/**
 * Match shapes of the league-name variant (docs/product/clans.md#match-list, docs/product/clans.md#match-details): the
 * rows of a clan's and a player's match list, and one match's detail. A match's id in every call is `matchId` (the
 * source's id; `id` and `_id` carry it too).
 */

const IsoTime = Type.String({ format: 'date-time' });
const Percent = Nullable(Type.Number({ description: 'percent, 0-100; null when there is nothing to divide by' }));
const Side = Type.Enum(['blue', 'red']);
/** The score pair [blue, red] in rounds, nulls while recording (an array: the serializer cannot write tuples of unions). */
const ScorePair = Type.Array(Nullable(Type.Integer()), { minItems: 2, maxItems: 2, description: '[blue, red] rounds' });

export const MatchStatusValue = Type.Enum(['recording', 'complete']);
/** The winning side of a finished match, or draw; null while recording. */
export const ResultTeam = Nullable(Type.Enum(['blue', 'red', 'draw']));

/** Most rows of one match-list page (pages ask for 10 or 20); a larger limit is clamped to it. */
export const MATCH_PAGE_MAX = 100;

/** Paging of the skip-paged match lists. */
const MatchPagingQuery = {
  skip: PageSkip(),
  limit: Type.Integer({ minimum: 1, maximum: LIMIT_CEILING, default: 20, description: `clamped to ${MATCH_PAGE_MAX}` }),
  onlySAL: Type.Optional(
    Type.Enum(['1', '0', 'true', 'false'], { description: "1: only the matches of the page's league (its record); else every division" }),
  ),
  anchor: Type.Optional(Type.String({ maxLength: 64, description: 'the anchor of the first page, to keep pages stable' })),
};

/** GET /api/league/{league}/clan-matches/{clanSlug} query. */
export const ClanMatchesQuery = Type.Object({
  ...MatchPagingQuery,
  ...MatchListFilterQuery,
  preferSlug: Type.Optional(Type.String({ maxLength: 64, description: 'accepted; clans are always named by slug' })),
});
export type ClanMatchesQuery = Static<typeof ClanMatchesQuery>;

/** GET /api/league/player/{playerId}/recent query; `league` picks the league as for the summary. */
export const PlayerRecentQuery = Type.Object({
  ...MatchPagingQuery,
  ...MatchListFilterQuery,
  league: Type.Optional(Type.String({ maxLength: 40 })),
});
export type PlayerRecentQuery = Static<typeof PlayerRecentQuery>;

/** GET /api/league/match-detail/{matchId} query: a clan slug of the match names the own side (`myTeam`). */
export const MatchDetailQuery = Type.Object({
  preferSlug: Type.Optional(Type.String({ maxLength: 64 })),
});

/** One player in a list row's roster (summary.blue / summary.red). */
export const RosterEntry = Type.Object({
  playerId: Type.String(),
  nickname: Type.String(),
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  isMvp: Type.Boolean(),
  isSniper: Type.Boolean(),
  dropout: Type.Boolean(),
});
export type RosterEntry = Static<typeof RosterEntry>;

/** detailData.matchResultDataInfo as the pages read it (result words are win / lose / draw). */
export const MatchResultDataInfo = Type.Object({
  blue_result: Nullable(MatchResultValue),
  red_result: Nullable(MatchResultValue),
  blue_clan_name: Type.String(),
  red_clan_name: Type.String(),
  blue_clan_no: Type.String({ description: 'blue clan slug' }),
  red_clan_no: Type.String({ description: 'red clan slug' }),
  score: Nullable(Type.String({ description: '"blue:red", null while recording' })),
});
export type MatchResultDataInfo = Static<typeof MatchResultDataInfo>;

/** The own clan in the match's league pool (the proxy shapes' league_clan; its id keys /api/proxy/clan-matches). */
export const MatchLeagueClan = Type.Object({
  id: Type.String({ description: '{leagueSlug}.{clanSlug}' }),
  rating: Type.Integer({ description: "the clan's current rating in the match's league (1000 before its first rated match there)" }),
  clan: ClanRef,
});

/** Fields every match list row has, seen from one side (`myTeam`). */
const MatchRowBase = {
  matchId: Type.String(),
  id: Type.String(),
  _id: Type.String(),
  league: Type.String({ description: 'league slug the match counts for' }),
  map: Nullable(Type.String({ description: 'null when unknown (pages show the default map name)' })),
  startAt: IsoTime,
  start_at: IsoTime,
  play_time: Type.Integer({ description: 'seconds (0 while recording)' }),
  status: MatchStatusValue,
  recording: Type.Boolean({ description: 'details still being recorded: pages show "recording..."' }),
  detailFetched: Type.Boolean({ description: 'details (players) are available' }),
  result: Nullable(MatchResultValue),
  win: Nullable(Type.Boolean()),
  resultTeam: ResultTeam,
  myTeam: Side,
  myIsBlue: Type.Boolean(),
  blue_team: Type.Boolean(),
  homeClanSlug: Type.String({ description: 'the own side clan' }),
  myClanNo: Type.String({ description: 'the own side clan\'s slug, the value blue_clan_no / red_clan_no carry' }),
  league_clan: MatchLeagueClan,
  opponentName: Type.String(),
  opponentSlug: Type.String(),
  opponentIsSAL: Type.Boolean({ description: 'the opponent is a league clan (always true for stored matches)' }),
  opponent: Type.Object({
    clan: ClanRef,
    rating: Nullable(Type.Integer({ description: "the opponent clan's rating before the match" })),
  }),
  blueClanName: Type.String(),
  redClanName: Type.String(),
  blueClanSlug: Type.String(),
  redClanSlug: Type.String(),
  blueClanMark: ClanMark,
  redClanMark: ClanMark,
  scores: ScorePair,
  summary: Type.Object({ blue: Type.Array(RosterEntry), red: Type.Array(RosterEntry) }),
  detailData: Type.Object({ matchResultDataInfo: MatchResultDataInfo }, { description: 'as in match-detail, for rows shown before the detail loads' }),
};

/** Rating change fields: one value under each spelling the pages read. Null while unrated. */
const RatingChangeFields = {
  ratingBefore: Nullable(Type.Integer()),
  ratingAfter: Nullable(Type.Integer()),
  ratingChange: Nullable(Type.Integer()),
  eloDelta: Nullable(Type.Integer()),
  rating_update: Nullable(Type.Integer()),
};

/** A row of GET /api/league/{league}/clan-matches/{clanSlug}: the match from the clan's side, with its team's K/D/A. */
export const ClanMatchItem = Type.Object({
  ...MatchRowBase,
  ...RatingChangeFields,
  kill: Type.Integer({ description: "the clan's team: kills of its rows (0 while recording)" }),
  death: Type.Integer(),
  assist: Type.Integer(),
  kd_rate: Percent,
});
export type ClanMatchItem = Static<typeof ClanMatchItem>;

/** Counts of the whole list (not only the page): unknown is a match without a result yet (recording). */
export const MatchCounts = Type.Object({
  win: Type.Integer(),
  lose: Type.Integer(),
  draw: Type.Integer(),
  unknown: Type.Integer(),
});
export type MatchCounts = Static<typeof MatchCounts>;

/** Paging facts of a skip-paged match list. Pass `anchor` back to keep later pages stable while matches arrive. */
const PagingFields = {
  total: Type.Integer({ description: 'rows in the list (as of the anchor)' }),
  skip: Type.Integer(),
  limit: Type.Integer({ description: 'the page size used (after clamping)' }),
  hasMore: Type.Boolean(),
  anchor: Type.String({ description: 'pass as ?anchor= with later pages: matches stored after it are left out' }),
};

export const ClanMatchesResponse = Type.Object({
  data: Type.Array(ClanMatchItem),
  counts: MatchCounts,
  ...PagingFields,
});
export type ClanMatchesResponse = Static<typeof ClanMatchesResponse>;

/** A row of GET /api/league/player/{playerId}/recent: the match from the player's side. */
export const PlayerMatchItem = Type.Object({
  ...MatchRowBase,
  ...RatingChangeFields,
  personalDelta: Nullable(Type.Integer()),
  myKill: Type.Integer(),
  myDeath: Type.Integer(),
  myAssist: Type.Integer(),
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  headshot: Type.Integer(),
  damage: Nullable(Type.Integer({ description: 'null: corrected to 0 by the source, unknown' })),
  damage_percent: Type.Number(),
  kd_rate: Percent,
  killShare: Percent,
  isMvp: Type.Boolean(),
  isSniper: Type.Boolean(),
  dropout: Type.Boolean(),
});
export type PlayerMatchItem = Static<typeof PlayerMatchItem>;

/**
 * Counts of a player's whole list: `win + lose + draw + unknown + dropout = total`. A dropout row is listed but
 * not counted in the record (so the header's total is win + lose + draw); unknown is a match without a result yet.
 */
export const PlayerMatchCounts = Type.Object({
  ...MatchCounts.properties,
  dropout: Type.Integer({ description: 'matches the player left early: listed, not counted in the record' }),
});
export type PlayerMatchCounts = Static<typeof PlayerMatchCounts>;

export const PlayerRecentResponse = Type.Object({ data: Type.Array(PlayerMatchItem), counts: PlayerMatchCounts, ...PagingFields });
export type PlayerRecentResponse = Static<typeof PlayerRecentResponse>;

/** One player's row in a match detail (players.blue / players.red). */
export const MatchPlayerRow = Type.Object({
  playerId: Type.String(),
  player: Type.Object({ id: Type.String(), name: Type.String(), clan: ClanRef }),
  nickname: Type.String(),
  clanSlug: Type.String(),
  clanName: Type.String(),
  clanMark: ClanMark,
  side: Side,
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  headshot: Type.Integer(),
  damage: Nullable(Type.Integer({ description: 'null: corrected to 0 by the source, unknown' })),
  damage_percent: Type.Number(),
  headshot_percent: Type.Number(),
  kill_share: Percent,
  weapon: Type.Enum(['rifle', 'sniper']),
  weaponCode: Type.Enum([0, 1], { description: '0 rifle, 1 sniper' }),
  isSniper: Type.Boolean(),
  isMvp: Type.Boolean(),
  isCorrected: Type.Boolean(),
  dropout: Type.Boolean(),
  result: Nullable(MatchResultValue),
  win: Nullable(Type.Boolean()),
  rating: Nullable(Type.Integer({ description: 'rating after the match (before it for an unrated row)' })),
  ratingBefore: Nullable(Type.Integer()),
  ratingAfter: Nullable(Type.Integer()),
  ratingChange: Nullable(Type.Integer()),
  kd_rate: Percent,
});
export type MatchPlayerRow = Static<typeof MatchPlayerRow>;

/** GET /api/league/match-detail/{matchId} */
export const MatchDetailData = Type.Object({
  match: Type.Object({
    matchId: Type.String(),
    id: Type.String(),
    _id: Type.String(),
    league: LeagueRef,
    map: Nullable(Type.String()),
    startAt: IsoTime,
    start_at: IsoTime,
    play_time: Type.Integer(),
    status: MatchStatusValue,
    recording: Type.Boolean(),
    scores: ScorePair,
    winner: ResultTeam,
    blueClan: ClanRef,
    redClan: ClanRef,
    blueClanName: Type.String(),
    redClanName: Type.String(),
    blueClanSlug: Type.String(),
    redClanSlug: Type.String(),
    blueRating: Type.Object({ before: Nullable(Type.Integer()), after: Nullable(Type.Integer()) }),
    redRating: Type.Object({ before: Nullable(Type.Integer()), after: Nullable(Type.Integer()) }),
    mvp: Nullable(Type.Object({ playerId: Type.String(), nickname: Type.String(), side: Side })),
  }),
  players: Type.Object({ blue: Type.Array(MatchPlayerRow), red: Type.Array(MatchPlayerRow) }),
  resultTeam: ResultTeam,
  status: MatchStatusValue,
  recording: Type.Boolean({ description: 'details still being recorded: the page shows "recording..." and refetches' }),
  detailFetched: Type.Boolean(),
  /** Set when ?preferSlug= names one of the two clans: that clan's side and result. */
  myTeam: Nullable(Side),
  result: Nullable(MatchResultValue),
  detailData: Type.Object({ matchResultDataInfo: MatchResultDataInfo }),
});
export type MatchDetailData = Static<typeof MatchDetailData>;
export const MatchDetailResponse = Type.Object({ data: MatchDetailData });
export type MatchDetailResponse = Static<typeof MatchDetailResponse>;

/** GET /api/league/{leagueName}/head-to-head/{clanSlug}/{opponentSlug} */
export const HeadToHeadParams = Type.Object({
  leagueName: Type.String({ minLength: 1, maxLength: 40 }),
  clanSlug: Type.String({ minLength: 1, maxLength: 64 }),
  opponentSlug: Type.String({ minLength: 1, maxLength: 64 }),
});
export const HeadToHeadQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: LIMIT_CEILING, default: 10, description: 'last matches; clamped to 50' }),
  skip: Type.Integer({ minimum: 0, maximum: 100_000, default: 0, description: 'meetings to skip (the "more" button)' }),
});

/** Head-to-head of two clans in one league (beyond the spec). */
export const HeadToHeadResponse = Type.Object({
  data: Type.Object({
    league: LeagueRef,
    clan: ClanRef,
    opponent: ClanRef,
    record: OpponentRecord,
    matches: Type.Array(ClanMatchItem, { description: 'their last matches, newest first, from the first clan\'s side' }),
    total: Type.Integer({ description: 'meetings listed: record.total rated ones plus any still recording' }),
    skip: Type.Integer(),
    limit: Type.Integer({ description: 'the page size used (after clamping)' }),
    hasMore: Type.Boolean(),
  }),
});
export type HeadToHeadResponse = Static<typeof HeadToHeadResponse>;
