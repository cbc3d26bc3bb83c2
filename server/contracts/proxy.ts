import Type, { type Static } from 'typebox';
import { Nullable, PageLimit } from './common.js';
import { LeagueContext } from './clans.js';
import { ClanRef, IngestInfo, KillDeathFields, Percent, RecordFields } from './league.js';

/**
 * The proxy-variant calls (the clan page's proxy reading, player reading 2 and the division rankings:
 * docs/product/statistics-api.md#proxy-variant). Every success is `{ message: 'success', data, ... }`; cursor-paged
 * lists add `metadata.cursor.next`, absent on the last page. Ids: a clan's `id` is its slug, a player's `id` the
 * enlistment number, a match's `id` its match id, a league clan's `id` is `{leagueSlug}.{clanSlug}`.
 */

/** Division path values: the four league slugs, 'supply' (leagues 1 and 2 together) and '27' (sanply's key). */
export const DivisionParams = Type.Object({ division: Type.String({ minLength: 1, maxLength: 40 }) });
export const ClanDetailParams = Type.Object({
  division: Type.String({ minLength: 1, maxLength: 40 }),
  clanId: Type.String({ minLength: 1, maxLength: 64, description: 'clan slug' }),
});
export const ClanMatchesParams = Type.Object({
  leagueClanId: Type.String({ minLength: 1, maxLength: 110, description: '{leagueSlug}.{clanSlug}, from data.league_clan.id' }),
});
export const MatchDetailParams = Type.Object({
  divisionKey: Type.String({ minLength: 1, maxLength: 40, description: 'sanply -> 27; supply, supply-1, supply-2 -> supply; others as they are' }),
  matchId: Type.String({ minLength: 1, maxLength: 64 }),
});
export const PlayerDetailParams = Type.Object({
  division: Type.String({ minLength: 1, maxLength: 40 }),
  playerId: Type.String({ minLength: 1, maxLength: 20, description: 'enlistment number' }),
});

/** Most rows per cursor page (clan matches and player rank); a larger `limit` is clamped. */
export const PROXY_PAGE_MAX = { matches: 20, rank: 100 } as const;

export const CursorQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'metadata.cursor.next of the previous page' })),
  limit: Type.Optional(PageLimit({ description: 'rows per page, clamped (matches 20, rank 100)' })),
});

export const CursorMetadata = Type.Object({
  cursor: Type.Object({ next: Type.Optional(Type.String({ description: 'absent on the last page' })) }),
});
export type CursorMetadata = Static<typeof CursorMetadata>;

const Outcome = Type.Enum(['win', 'lose', 'draw']);
const Side = Type.Enum(['blue', 'red']);
const Status = Type.Enum(['recording', 'complete']);
const IsoTime = Type.String({ format: 'date-time' });
const ScorePair = Nullable(Type.Array(Type.Integer(), { minItems: 2, maxItems: 2, description: '[blue, red]' }));

/** A player as the proxy shapes name one. */
export const ProxyPlayerRef = Type.Object({
  id: Type.String({ description: 'enlistment number' }),
  name: Type.String(),
  clan: Nullable(ClanRef),
});

/** A clan in one league's pool. */
export const LeagueClan = Type.Object({
  id: Type.String({ description: '{leagueSlug}.{clanSlug}: the key of /api/proxy/clan-matches' }),
  rating: Type.Integer(),
  clan: ClanRef,
});

/** One match of a clan's list, seen from that clan. */
export const ProxyClanMatch = Type.Object({
  id: Type.String({ description: 'match id' }),
  division_key: Type.String({ description: 'the divisionKey for /api/proxy/match-detail' }),
  map: Nullable(Type.String()),
  start_at: IsoTime,
  play_time: Type.Integer({ description: 'seconds' }),
  status: Status,
  result: Nullable(Outcome),
  win: Nullable(Type.Boolean()),
  blue_team: Type.Boolean({ description: 'this clan played blue' }),
  scores: ScorePair,
  rating: Nullable(Type.Integer({ description: "this clan's rating after the match" })),
  rating_update: Nullable(Type.Integer()),
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  kd_rate: Percent,
  league_clan: LeagueClan,
  opponent: Type.Object({ clan: ClanRef, rating: Nullable(Type.Integer({ description: 'after the match' })) }),
});
export type ProxyClanMatch = Static<typeof ProxyClanMatch>;

export const ClanSummary = Type.Object({
  clan: ClanRef,
  total: Type.Integer(),
  ...RecordFields,
});
export const PlayerSummary = Type.Object({
  player: Type.Object({ id: Type.String(), name: Type.String() }),
  total: Type.Integer(),
  ...RecordFields,
  ...KillDeathFields,
});

/** The last 20 matches in figures: strip, streak, record, K/D, top 5 opponent clans and (clans) player win rates. */
export const MatchSummary = Type.Object({
  division: Type.String({ description: 'league slug' }),
  league_type: Type.String({ description: 'beginner, supply or sanply' }),
  win_straight: Type.Integer({ description: 'current streak: wins positive, losses negative' }),
  results: Type.Array(Outcome, { description: 'newest first, up to 20' }),
  count: Type.Integer(),
  ...RecordFields,
  ...KillDeathFields,
  mvp_count: Type.Integer(),
  clan_summaries: Type.Array(ClanSummary, { description: 'top 5 opponent clans by games, all time in this league' }),
  player_summaries: Type.Array(PlayerSummary, { description: "clan pages: the clan's players over its last 20 matches" }),
});
export type MatchSummary = Static<typeof MatchSummary>;

/** GET /api/proxy/clan-detail/{division}/{clanId} */
export const ProxyClanDetailResponse = Type.Object({
  message: Type.Literal('success'),
  data: Type.Object({
    clan: Type.Object({ ...ClanRef.properties, division: Type.String(), league_type: Type.String() }),
    league_clan: LeagueClan,
    rating: Type.Integer(),
    rank: Nullable(Type.Integer({ minimum: 1 })),
    rank_count: Type.Integer({ description: 'clans in the league now (the standings), as clan-detail counts them' }),
    matches_count: Type.Integer(),
    ...RecordFields,
    placement: Type.Boolean({ description: '1 to 19 matches' }),
    win_straight: Type.Integer(),
    renewed_at: Nullable(IsoTime),
    ingest: IngestInfo,
    match_summary: MatchSummary,
    matches: Type.Object({ data: Type.Array(ProxyClanMatch), metadata: CursorMetadata }),
    context: LeagueContext,
  }),
});
export type ProxyClanDetailResponse = Static<typeof ProxyClanDetailResponse>;

/** GET /api/proxy/clan-matches/{leagueClanId}?cursor= : newest first. */
export const ProxyClanMatchesResponse = Type.Object({
  message: Type.Literal('success'),
  data: Type.Array(ProxyClanMatch),
  metadata: CursorMetadata,
});
export type ProxyClanMatchesResponse = Static<typeof ProxyClanMatchesResponse>;

/** One player row of a match detail. */
export const ProxyMatchPlayer = Type.Object({
  player: ProxyPlayerRef,
  team: Side,
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  headshot: Type.Integer(),
  damage: Nullable(Type.Integer({ description: 'null: unknown (corrected to 0 by the source)' })),
  damage_percent: Type.Number(),
  headshot_percent: Type.Number(),
  kill_share: Percent,
  kd_rate: Percent,
  weapon: Type.Enum(['rifle', 'sniper']),
  isSniper: Type.Boolean(),
  isMvp: Type.Boolean(),
  isCorrected: Type.Boolean(),
  dropout: Type.Boolean(),
  result: Nullable(Outcome),
  win: Nullable(Type.Boolean()),
  rating: Nullable(Type.Integer({ description: 'after the match; null when unrated or from the upstream' })),
  rating_update: Nullable(Type.Integer()),
});
export type ProxyMatchPlayer = Static<typeof ProxyMatchPlayer>;

/** GET /api/proxy/match-detail/{divisionKey}/{matchId} */
export const ProxyMatchDetailResponse = Type.Object({
  message: Type.Literal('success'),
  data: Type.Object({
    id: Type.String(),
    division_key: Type.String(),
    map: Nullable(Type.String()),
    start_at: IsoTime,
    play_time: Type.Integer(),
    status: Status,
    result_team: Nullable(Type.Enum(['blue', 'red', 'draw'])),
    scores: ScorePair,
    mvp: Nullable(Type.String({ description: 'playerId of the MVP' })),
    blue_clan: ClanRef,
    red_clan: ClanRef,
    blue: Type.Array(ProxyMatchPlayer),
    red: Type.Array(ProxyMatchPlayer),
  }),
});
export type ProxyMatchDetailResponse = Static<typeof ProxyMatchDetailResponse>;

/** One match of a player's recent list. */
export const ProxyPlayerMatch = Type.Object({
  id: Type.String(),
  division_key: Type.String(),
  map: Nullable(Type.String()),
  start_at: IsoTime,
  status: Status,
  result: Nullable(Outcome),
  win: Nullable(Type.Boolean()),
  blue_team: Nullable(Type.Boolean()),
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  kd_rate: Percent,
  is_mvp: Type.Boolean(),
  dropout: Type.Boolean({ description: 'left early: shown, but not counted in the record' }),
  rating: Nullable(Type.Integer()),
  rating_update: Nullable(Type.Integer()),
  clan: Nullable(ClanRef),
  opponent: Type.Object({ clan: Nullable(ClanRef) }),
});
export type ProxyPlayerMatch = Static<typeof ProxyPlayerMatch>;

/** A player's figures in one league's pool. */
export const PlayerStats = Type.Object({
  rating: Type.Integer(),
  peak_rating: Type.Integer(),
  peak_at: Nullable(IsoTime),
  lowest_rating: Type.Integer(),
  lowest_at: Nullable(IsoTime),
  matches: Type.Integer(),
  ...RecordFields,
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  headshot: Type.Integer(),
  kd_rate: Percent,
  kill_per_match: Nullable(Type.Number()),
  mvp_count: Type.Integer(),
  placement: Type.Boolean(),
});

/** GET /api/proxy/player-detail/{division}/{playerId}: the profile figures are also in `stats`. */
export const ProxyPlayerDetailResponse = Type.Object({
  message: Type.Literal('success'),
  data: Type.Object({
    player: Type.Object({ ...ProxyPlayerRef.properties, division: Type.String() }),
    rating: Type.Integer(),
    kill_per_match: Nullable(Type.Number()),
    mvp_count: Type.Integer(),
    rank: Nullable(Type.Integer({ minimum: 1 })),
    rank_count: Type.Integer(),
    matches_count: Type.Integer(),
    ...RecordFields,
    ...KillDeathFields,
    match_summary: MatchSummary,
    matches: Type.Array(ProxyPlayerMatch, { description: 'the last 20, newest first' }),
    stats: PlayerStats,
    context: LeagueContext,
  }),
});
export type ProxyPlayerDetailResponse = Static<typeof ProxyPlayerDetailResponse>;

/** One row of GET /api/proxy/player-rank/{division}: rating desc. */
export const ProxyPlayerRankRow = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  player: ProxyPlayerRef,
  division: Type.String({ description: 'league slug of this rating pool' }),
  matches: Type.Integer(),
  ...RecordFields,
  kd_rate: Percent,
  kill_per_match: Nullable(Type.Number()),
  rating: Type.Integer(),
});
export type ProxyPlayerRankRow = Static<typeof ProxyPlayerRankRow>;

export const ProxyPlayerRankResponse = Type.Object({
  message: Type.Literal('success'),
  data: Type.Array(ProxyPlayerRankRow),
  metadata: CursorMetadata,
});
export type ProxyPlayerRankResponse = Static<typeof ProxyPlayerRankResponse>;
