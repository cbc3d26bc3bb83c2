import Type, { type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { UpstreamDataError } from './upstream-errors.js';

/**
 * Response shapes of the game's public Open API (Sudden Attack, /suddenattack/v1), as far as this site reads them.
 * Extra fields are allowed, so new upstream fields never break the ingest; missing or mistyped ones do, loudly.
 *
 * Codes, as modelled here (one place to change if the live API says otherwise):
 * - `match_result`: '1' win, '2' lose, '0' draw.
 * - `team_id`: '1' is the blue side, '2' the red side (TEAM_SIDES).
 */

/** `match_result` values: win, lose, draw. */
export const MatchResultCode = Type.Enum(['1', '2', '0']);
/** The `match_result` code of each outcome, by name. */
export const MATCH_RESULT = { win: '1', lose: '2', draw: '0' } as const;

/** `team_id` values. */
export const TeamIdCode = Type.Enum(['1', '2']);
/** The contract side each `team_id` is. */
export const TEAM_SIDES = { '1': 'blue', '2': 'red' } as const;

/** The defaults for clan matches (`match_mode`, `match_type` query values of GET /match). */
export const CLAN_MATCH_FILTER = { matchMode: '폭파미션', matchType: '클랜전' } as const;

const Count = Type.Integer({ minimum: 0 });
const IsoTime = Type.String({ format: 'date-time' });

/** GET /id?user_name= : the account id (ouid) of a user name. */
export const OuidResponse = Type.Object({ ouid: Type.String({ minLength: 1 }) });

/** One entry of GET /match: a match of the player, with the player's own result. */
export const MatchListEntry = Type.Object({
  match_id: Type.String({ minLength: 1 }),
  match_type: Type.String(),
  match_mode: Type.String(),
  date_match: IsoTime,
  match_result: MatchResultCode,
  kill: Count,
  death: Count,
  assist: Count,
});

/** GET /match?ouid=&match_mode=&match_type= : the player's recent matches, newest first. */
export const MatchListResponse = Type.Object({ match: Type.Array(MatchListEntry) });

/** One player row of GET /match-detail. `clan_name` is '' for a player without a clan. */
export const MatchDetailRow = Type.Object({
  team_id: TeamIdCode,
  match_result: MatchResultCode,
  user_name: Type.String({ minLength: 1 }),
  season_grade: Type.Optional(Type.String()),
  clan_name: Type.String(),
  kill: Count,
  death: Count,
  headshot: Count,
  damage: Count,
  assist: Count,
});

/** GET /match-detail?match_id= : the map and every player's row. */
export const MatchDetailResponse = Type.Object({
  match_id: Type.String({ minLength: 1 }),
  match_type: Type.String(),
  match_mode: Type.String(),
  date_match: IsoTime,
  match_map: Type.Union([Type.String(), Type.Null()]),
  match_detail: Type.Array(MatchDetailRow),
});

export type OuidResponse = Static<typeof OuidResponse>;
export type MatchListEntry = Static<typeof MatchListEntry>;
export type MatchListResponse = Static<typeof MatchListResponse>;
export type MatchDetailRow = Static<typeof MatchDetailRow>;
export type MatchDetailResponse = Static<typeof MatchDetailResponse>;

/** A compiled check of `schema` as a body parser: the value, typed, or UpstreamDataError naming the first problem. */
export function responseParser<S extends TSchema>(schema: S): (body: unknown, path: string) => Static<S> {
  const check = Compile(schema);
  return (body, path) => {
    if (check.Check(body)) return body as Static<S>;
    const first = check.Errors(body)[0];
    throw new UpstreamDataError(path, `${first?.instancePath || 'body'} ${first?.message ?? 'does not match'}`);
  };
}
