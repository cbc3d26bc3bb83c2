import Type, { type Static } from 'typebox';

/**
 * The filters of the clan and player match lists: by map, result, opponent clan and a range of Korean
 * calendar days. The server filters; `total` and `counts` of the answer are those of the filtered list, so the
 * line over a filtered list still adds up. Every field is optional; none given is the whole list.
 */

/** A Korean calendar day, `YYYY-MM-DD` (the day runs 00:00-24:00 Korean time). */
const KoreanDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, a day in Korean time' });

export const MatchListFilterQuery = {
  map: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'only matches on this map (its name)' })),
  result: Type.Optional(Type.Enum(['win', 'lose', 'draw'], {
    description: "only matches with this result for the list's owner (a player's rows left early never count)",
  })),
  opponent: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'only matches against this clan (slug)' })),
  from: Type.Optional(KoreanDay),
  to: Type.Optional(KoreanDay),
};

export const MatchListFilterFields = Type.Object(MatchListFilterQuery);
export type MatchListFilterFields = Static<typeof MatchListFilterFields>;
