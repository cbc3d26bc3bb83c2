import Type, { type Static } from 'typebox';
import { ClanRef, LeagueRef } from './clans.js';
import { Nullable } from './common.js';
import { KillDeathFields, Percent, RecordFields } from './league.js';

/**
 * Results by map and by weapon class, in one league: the clan and player pages' "maps and weapons"
 * panel. Every row counts the rated matches of the owner's record in that league (a player's rows left early
 * never count), so the rows' matches add up to the header's record.
 */

const IsoTime = Type.String({ format: 'date-time' });

/** One map's results. */
export const MapBreakdownRow = Type.Object({
  map: Nullable(Type.String({ description: 'null: matches whose map the source did not name' })),
  matches: Type.Integer({ description: 'rated matches on this map (win + lose + draw)' }),
  ...RecordFields,
  ...KillDeathFields,
  kill_share: Type.Optional(Percent),
  lastPlayedAt: IsoTime,
});
export type MapBreakdownRow = Static<typeof MapBreakdownRow>;

/** One weapon class's results (a player's weapon of a match: rifle or sniper, as the source records it). */
export const WeaponBreakdownRow = Type.Object({
  weapon: Type.Enum(['rifle', 'sniper']),
  matches: Type.Integer(),
  ...KillDeathFields,
  headshot: Type.Integer(),
  headshot_percent: Nullable(Type.Number({ description: 'headshots over kills, percent; null without kills' })),
  damage_average: Nullable(Type.Number({ description: 'damage per match over the matches whose damage is known' })),
  damage_known: Type.Integer({ description: 'matches whose damage is known (the source corrected the others to 0)' }),
});
export type WeaponBreakdownRow = Static<typeof WeaponBreakdownRow>;

/** A clan met in the league, for the match list's opponent filter. */
export const MetOpponent = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  matches: Type.Integer({ description: 'rated matches against it in the league' }),
});
export type MetOpponent = Static<typeof MetOpponent>;

/** The most opponents an answer lists (most met first); the filter takes any clan slug. */
export const MET_OPPONENTS_MAX = 200;

/** GET /api/league/{league}/clan-breakdown/{clanSlug} */
export const ClanBreakdownResponse = Type.Object({
  data: Type.Object({
    clan: ClanRef,
    league: LeagueRef,
    matches: Type.Integer({ description: 'the sum of the rows: the rated matches of the league (the header record)' }),
    maps: Type.Array(MapBreakdownRow, { description: 'most played first' }),
    opponents: Type.Array(MetOpponent, { description: `the clans met in the league, most met first, at most ${MET_OPPONENTS_MAX} (the list's opponent filter)` }),
  }),
});
export type ClanBreakdownResponse = Static<typeof ClanBreakdownResponse>;

/** GET /api/league/player/{playerId}/breakdown?league= */
export const PlayerBreakdownResponse = Type.Object({
  data: Type.Object({
    playerId: Type.String(),
    nickname: Type.String(),
    league: LeagueRef,
    matches: Type.Integer({ description: 'rated matches the player did not leave early (the header record)' }),
    maps: Type.Array(MapBreakdownRow, { description: 'most played first; kill_share is the player\'s share of the team\'s kills' }),
    weapons: Type.Array(WeaponBreakdownRow, { description: 'most played first' }),
    opponents: Type.Array(MetOpponent, { description: `the clans met in the league, most met first, at most ${MET_OPPONENTS_MAX} (the list's opponent filter)` }),
  }),
});
export type PlayerBreakdownResponse = Static<typeof PlayerBreakdownResponse>;

export const PlayerBreakdownQuery = Type.Object({ league: Type.Optional(Type.String({ maxLength: 40 })) });
