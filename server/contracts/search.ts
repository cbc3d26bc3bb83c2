import Type, { type Static } from 'typebox';
import { Nullable } from './common.js';
import { ClanMarkFields, KillDeathFields, Percent, RecordFields } from './league.js';

/** Search and home calls (docs/product/search.md). */

/** The two sources of the search panel: 'sal' (visible) and 'supply' (hidden). */
export const SearchMode = Type.Enum(['sal', 'supply']);
export type SearchMode = Static<typeof SearchMode>;

export const PlayerIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40, description: 'enlistment number, or an exact nickname' }),
});

/** One league card of the 'supply' search: a player's figures in one division's rating pool. */
export const PlayerLeagueEntry = Type.Object({
  league: Type.Object({ id: Type.Integer(), name: Type.String(), slug: Type.String() }),
  /** The resolved id the card links to: /player/{league.slug}/{playerId}. */
  playerId: Type.String({ description: 'enlistment number; the card links to /player/{league.slug}/{playerId}' }),
  nickname: Type.String(),
  rating: Type.Integer(),
  matches: Type.Integer(),
  ...RecordFields,
  ...KillDeathFields,
  placement: Type.Boolean({ description: "true: the 'Placement' badge (1-19 matches); false: 'regular'" }),
  badge: Type.Enum(['Placement', 'regular']),
});
export type PlayerLeagueEntry = Static<typeof PlayerLeagueEntry>;

/** GET /api/players/{id}/leagues: the player's league cards, most recently played first (empty: no league info). */
export const PlayerLeaguesResponse = Type.Object({
  message: Type.Literal('success'),
  data: Type.Array(PlayerLeagueEntry),
});
export type PlayerLeaguesResponse = Static<typeof PlayerLeaguesResponse>;

export const PlayerNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 40 }) });

/** GET /api/players/name/{name}: the enlistment number of the player with this exact nickname. */
export const PlayerIdByNameResponse = Type.Object({
  message: Type.Literal('success'),
  data: Type.Object({
    id: Type.String({ description: 'enlistment number' }),
    nickname: Type.String(),
  }),
});
export type PlayerIdByNameResponse = Static<typeof PlayerIdByNameResponse>;

/** POST /api/search/log: one search made (feeds the popular searches). */
export const SearchLogBody = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: 100 }),
  mode: SearchMode,
});
export type SearchLogBody = Static<typeof SearchLogBody>;
export const SearchLogResponse = Type.Object({
  message: Type.Literal('success'),
  counted: Type.Boolean({ description: 'false: the search found nothing (or was an address) and is not kept' }),
});

/** Form of the mixed search: 'autocomplete' (up to 10 + 10, while typing) or 'full' (up to 20 + 20, the default). */
export const SalMixedForm = Type.Enum(['autocomplete', 'full']);
export type SalMixedForm = Static<typeof SalMixedForm>;

export const SalMixedQuery = Type.Object({
  keyword: Type.String({ maxLength: 100, description: 'nickname, enlistment number or clan name (trimmed; empty is a 400)' }),
  form: Type.Optional(SalMixedForm),
});

export const MixedPlayer = Type.Object({
  playerId: Type.String(),
  nickname: Type.String(),
  clanName: Nullable(Type.String()),
  clanSlug: Nullable(Type.String()),
  mark_bg: Nullable(Type.String({ description: "the clan's background layer URL; null without a clan" })),
  mark_front: Nullable(Type.String()),
  leagueName: Type.String({ description: 'the league whose figures the player page shows by default: link with ?league=' }),
});
export const MixedClan = Type.Object({
  clanSlug: Type.String(),
  clanName: Type.String(),
  leagueName: Type.String({ description: 'league slug of the clan: /league/{leagueName}/clan/{clanSlug}' }),
  ...ClanMarkFields,
});
/** GET /api/resolve/sal-mixed: players (an exact enlistment number first, then name matches) and clans. */
export const SalMixedResponse = Type.Object({
  players: Type.Array(MixedPlayer),
  clans: Type.Array(MixedClan),
});
export type MixedPlayer = Static<typeof MixedPlayer>;
export type MixedClan = Static<typeof MixedClan>;
export type SalMixedResponse = Static<typeof SalMixedResponse>;

export const PopularSearchItem = Type.Object({
  _id: Type.String({ description: 'the keyword' }),
  count: Type.Integer({ minimum: 1 }),
});
/** GET /api/search/popular: the most searched keywords of the last 7 days per source, up to 20, addresses never. */
export const PopularSearchResponse = Type.Object({
  sal: Type.Array(PopularSearchItem),
  supply: Type.Array(PopularSearchItem),
});
export type PopularSearchItem = Static<typeof PopularSearchItem>;
export type PopularSearchResponse = Static<typeof PopularSearchResponse>;
