import type { MatchListFilterFields } from '../../contracts/match-filters.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError } from '../../lib/errors.js';
import { DAY_MS, koreanDayStart } from '../../lib/korean-time.js';
import { serverMessages } from '../../lib/messages.js';
import type { MatchResult } from '../rating/match-result.js';

/**
 * What a reader narrowed a clan's or a player's match list to: a map, a result, an opponent clan, a range of
 * start times. The list's rows, total and counts are all those of the filtered list, so the line over it adds up.
 */
export interface MatchListFilter {
  map?: string;
  result?: MatchResult;
  opponentClanId?: number;
  /** Matches that started at or after this instant. */
  from?: Date;
  /** Matches that started before this instant. */
  before?: Date;
}

/** Whether a filter narrows the list at all (an empty one reads the list as it always was). */
export function isFiltered(filter: MatchListFilter): boolean {
  return Object.values(filter).some((value) => value !== undefined);
}

/** A filter day as an instant: 400 naming the field when it is no real calendar day. */
function dayStart(value: string, field: 'from' | 'to'): Date {
  const start = koreanDayStart(value);
  if (!start) throw new BadRequestError(serverMessages.filterDayInvalid(field), 'invalid_filter_day');
  return start;
}

/**
 * The filter a query asks for. `opponent` names a clan by slug (400 when there is no such clan); `from` and `to`
 * are Korean calendar days, both included (400 when `from` is after `to`).
 */
export async function resolveMatchListFilter(
  query: MatchListFilterFields,
  findClanId: (slug: string) => Promise<number | undefined>,
): Promise<MatchListFilter> {
  const filter: MatchListFilter = {};
  if (query.map !== undefined) filter.map = query.map;
  if (query.result !== undefined) filter.result = query.result;
  if (query.opponent !== undefined) {
    const id = await findClanId(query.opponent);
    if (id === undefined) throw new BadRequestError(serverMessages.filterOpponentUnknown, 'unknown_opponent');
    filter.opponentClanId = id;
  }
  if (query.from !== undefined) filter.from = dayStart(query.from, 'from');
  if (query.to !== undefined) filter.before = new Date(dayStart(query.to, 'to').getTime() + DAY_MS);
  if (filter.from && filter.before && filter.from >= filter.before) {
    throw new BadRequestError(serverMessages.filterDayRangeReversed, 'invalid_filter_range');
  }
  return filter;
}

/** The time bounds, on a row's own started_at (every list index has it right after the owner and league). */
function timeConditions(filter: MatchListFilter): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filter.from) conditions.push(Prisma.sql`started_at >= ${filter.from}`);
  if (filter.before) conditions.push(Prisma.sql`started_at < ${filter.before}`);
  return conditions;
}

const joinConditions = (conditions: Prisma.Sql[]) =>
  conditions.length === 0 ? Prisma.empty : Prisma.sql` AND ${Prisma.join(conditions, ' AND ')}`;

/**
 * The filter as conditions on a clan's own rows (clan_matches), to append to the list's scope. The map and the
 * result each have their own index (clan, league, map or result, started_at, ...), so a list of one league
 * filtered by either stays an index range.
 */
export function clanRowConditions(filter: MatchListFilter): Prisma.Sql {
  const conditions = timeConditions(filter);
  if (filter.map !== undefined) conditions.push(Prisma.sql`map = ${filter.map}`);
  if (filter.result !== undefined) conditions.push(Prisma.sql`result = ${filter.result}::match_outcome`);
  if (filter.opponentClanId !== undefined) conditions.push(Prisma.sql`opponent_clan_id = ${filter.opponentClanId}`);
  return joinConditions(conditions);
}

/**
 * The filter as conditions on a player's rows (match_players). A result is the player's record's: a row the
 * player left early never counts as a win or a loss. The map and the opponent are on the row of the player's team
 * (clan_matches, found by its primary key).
 */
export function playerRowConditions(filter: MatchListFilter): Prisma.Sql {
  const conditions = timeConditions(filter);
  if (filter.result !== undefined) conditions.push(Prisma.sql`NOT dropout AND result = ${filter.result}::match_outcome`);
  const team: Prisma.Sql[] = [];
  if (filter.map !== undefined) team.push(Prisma.sql`team.map = ${filter.map}`);
  if (filter.opponentClanId !== undefined) team.push(Prisma.sql`team.opponent_clan_id = ${filter.opponentClanId}`);
  if (team.length > 0) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM clan_matches team
      WHERE team.match_id = match_players.match_id AND team.clan_id = match_players.clan_id AND ${Prisma.join(team, ' AND ')})`);
  }
  return joinConditions(conditions);
}
