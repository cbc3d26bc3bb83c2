import Type, { type Static } from 'typebox';
import { MapBreakdownRow } from './breakdowns.js';
import { ClanRef, LeagueRef, MatchResultValue, RatingExtreme } from './clans.js';
import { Nullable } from './common.js';
import { Percent, RecordFields } from './league.js';

/**
 * Two players side by side in one league: GET /api/league/player/{playerId}/compare/{otherId}?league=.
 * The first player is "a", the other "b"; records of their meetings are told from a's side.
 */

const IsoTime = Type.String({ format: 'date-time' });

export const CompareParams = Type.Object({
  playerId: Type.String({ minLength: 1, maxLength: 40 }),
  otherId: Type.String({ minLength: 1, maxLength: 40 }),
});

export const CompareQuery = Type.Object({
  league: Type.Optional(Type.String({
    maxLength: 40,
    description: "default: the first player's page league when the other played there, else the league both played most",
  })),
});

/** One player's figures in the compared league. */
export const ComparedPlayer = Type.Object({
  playerId: Type.String(),
  nickname: Type.String(),
  clan: Nullable(ClanRef),
  rating: Type.Integer(),
  rank: Nullable(Type.Integer({ description: "rank in the league's personal ranking; null before a rated match there" })),
  rankTotal: Type.Integer(),
  totalMatches: Type.Integer({ description: 'rated matches in the league (left-early rows never count)' }),
  ...RecordFields,
  kill: Type.Integer(),
  death: Type.Integer(),
  kd_rate: Percent,
  avgKill: Nullable(Type.Number()),
  kill_share: Percent,
  mvp: Type.Integer(),
  peak: Nullable(RatingExtreme),
  lowest: Nullable(RatingExtreme),
  maps: Type.Array(MapBreakdownRow, { description: 'most played first' }),
});
export type ComparedPlayer = Static<typeof ComparedPlayer>;

/** A record of the matches both played, in the league, where neither left early and a result is in. */
export const MeetingRecord = Type.Object({ total: Type.Integer(), ...RecordFields });
export type MeetingRecord = Static<typeof MeetingRecord>;

/** One player's line in a match both played. */
export const MeetingLine = Type.Object({
  clan: ClanRef,
  side: Type.Enum(['blue', 'red']),
  kill: Type.Integer(),
  death: Type.Integer(),
  assist: Type.Integer(),
  dropout: Type.Boolean(),
});

/** A match both played: on one side (together) or on opposite sides (against). */
export const Meeting = Type.Object({
  matchId: Type.String(),
  startAt: IsoTime,
  map: Nullable(Type.String()),
  relation: Type.Enum(['together', 'against']),
  /** a's result; null while recording. */
  result: Nullable(MatchResultValue),
  a: MeetingLine,
  b: MeetingLine,
});
export type Meeting = Static<typeof Meeting>;

/** A league either player has rated matches in, with how many each has there (the page's league switcher). */
export const CompareLeague = Type.Object({ league: LeagueRef, a: Type.Integer(), b: Type.Integer() });

export const CompareResponse = Type.Object({
  data: Type.Object({
    league: LeagueRef,
    leagues: Type.Array(CompareLeague, { description: 'in catalogue order' }),
    a: ComparedPlayer,
    b: ComparedPlayer,
    together: MeetingRecord,
    against: MeetingRecord,
    meetingsTotal: Type.Integer({ description: 'every match both played in the league (recording and left-early included)' }),
    meetings: Type.Array(Meeting, { description: 'the newest, at most 20' }),
  }),
});
export type CompareResponse = Static<typeof CompareResponse>;
export type CompareData = CompareResponse['data'];
