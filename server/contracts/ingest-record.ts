import Type, { type Static } from 'typebox';

/**
 * The records every ingest source produces (simulated league, NDJSON file, upstream HTTP), one per NDJSON line.
 * docs/ingest.md documents the format for people writing files by hand.
 */

export const LeagueSlugSchema = Type.Enum(['sal-beginner', 'supply-1', 'supply-2', 'sanply']);

/** A clan as of `at`: its division and logo layers (images /clan-logos/{slug}-1.png and -2.png). */
export const ClanRecord = Type.Object({
  type: Type.Literal('clan'),
  slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }),
  name: Type.String({ minLength: 1, maxLength: 60 }),
  league: LeagueSlugSchema,
  markBg: Type.Optional(Type.String({ maxLength: 200 })),
  markFront: Type.Optional(Type.String({ maxLength: 200 })),
  at: Type.String({ format: 'date-time' }),
});

/** A player's clan as of `at` (null: no clan). A change of clanSlug is recorded as join, leave or change. */
export const PlayerRecord = Type.Object({
  type: Type.Literal('player'),
  playerId: Type.String({ pattern: '^[0-9]{5,20}$', description: 'enlistment number' }),
  nickname: Type.String({ minLength: 1, maxLength: 40 }),
  clanSlug: Type.Union([Type.String(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});

export const PlayerMatchRow = Type.Object({
  playerId: Type.String({ pattern: '^[0-9]{5,20}$' }),
  nickname: Type.String({ minLength: 1, maxLength: 40 }),
  side: Type.Enum(['blue', 'red']),
  kill: Type.Integer({ minimum: 0 }),
  death: Type.Integer({ minimum: 0 }),
  assist: Type.Integer({ minimum: 0 }),
  headshot: Type.Integer({ minimum: 0 }),
  damage: Type.Integer({ minimum: 0 }),
  /** Share of the team's damage, 0-100. */
  damagePercent: Type.Number({ minimum: 0, maximum: 100 }),
  /** Headshots / kills x 100. */
  headshotPercent: Type.Number({ minimum: 0, maximum: 100 }),
  weapon: Type.Enum(['rifle', 'sniper']),
  dropout: Type.Boolean(),
  /** The source corrected this row's damage; with damage 0 the value is unknown. */
  corrected: Type.Boolean(),
});

/**
 * One clan match. While `status` is 'recording' the details (players, scores, winner) may be missing;
 * the same matchId arrives again complete. Re-sending an identical record changes nothing.
 */
export const MatchRecord = Type.Object({
  type: Type.Literal('match'),
  matchId: Type.String({ minLength: 1, maxLength: 64 }),
  league: LeagueSlugSchema,
  map: Type.Union([Type.String({ maxLength: 60 }), Type.Null()]),
  startedAt: Type.String({ format: 'date-time' }),
  playTimeSeconds: Type.Integer({ minimum: 0 }),
  status: Type.Enum(['recording', 'complete']),
  blueClanSlug: Type.String(),
  redClanSlug: Type.String(),
  blueScore: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  redScore: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** The winning side, or draw; null while recording. */
  winner: Type.Union([Type.Enum(['blue', 'red', 'draw']), Type.Null()]),
  players: Type.Array(PlayerMatchRow),
});

export const IngestRecord = Type.Union([ClanRecord, PlayerRecord, MatchRecord]);

export type ClanRecord = Static<typeof ClanRecord>;
export type PlayerRecord = Static<typeof PlayerRecord>;
export type PlayerMatchRow = Static<typeof PlayerMatchRow>;
export type MatchRecord = Static<typeof MatchRecord>;
export type IngestRecord = Static<typeof IngestRecord>;
export type LeagueSlugValue = Static<typeof LeagueSlugSchema>;
