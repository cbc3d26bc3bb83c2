import type { StatsCore } from '../stats-core/stats-core.js';
import type { PlayerMatchCounts, PlayerRecentResponse } from '../../contracts/matches.js';
import { Prisma } from '../../db/generated/client.js';
import { playerRowConditions, type MatchListFilter } from '../stats-core/match-list-filter.js';
import { encodeAnchor, readMatchListPage, type ListedRows } from '../stats-core/match-list-page.js';
import { presentPlayerMatch } from '../stats-core/match-presenter.js';
import type { PlayerIdentity } from '../stats-core/player-lookup.js';

/**
 * What the player's list (up to the anchor) holds: results of the rows that count in the record, matches without a
 * result yet, and dropout rows (listed, never counted). A player has at most a few hundred rows, read on the
 * player's list index.
 */
function playerTallies({ scope, anchor }: ListedRows): Prisma.Sql {
  return Prisma.sql`SELECT row_to_json(tally) FROM (
      SELECT count(*) FILTER (WHERE NOT dropout AND result = 'win')::int AS win,
             count(*) FILTER (WHERE NOT dropout AND result = 'lose')::int AS lose,
             count(*) FILTER (WHERE NOT dropout AND result = 'draw')::int AS draw,
             count(*) FILTER (WHERE NOT dropout AND result IS NULL)::int AS unknown,
             count(*) FILTER (WHERE dropout)::int AS dropout
      FROM match_players WHERE ${scope} AND listed_seq <= ${anchor}) tally`;
}

/**
 * GET player recent: a page of the player's matches, newest first (started_at, then match id), in one league
 * when `leagueId` is given (onlySAL=1), else in every division, narrowed by `filter`; each row from the player's
 * team with their own line, rating change and both rosters. One statement (readMatchListPage).
 */
export async function listPlayerMatches(
  core: StatsCore,
  player: PlayerIdentity,
  leagueId: number | undefined,
  paging: { skip: number; limit: number; anchor?: number },
  filter: MatchListFilter = {},
): Promise<PlayerRecentResponse> {
  const owner = { table: 'match_players', ownerId: player.id, leagueId, condition: playerRowConditions(filter) } as const;
  const page = await readMatchListPage<PlayerMatchCounts>(core, owner, paging, playerTallies);
  const data = page.matches.flatMap((bundle) => {
    const own = bundle.players.find((line) => line.playerInternalId === player.id);
    return own ? [presentPlayerMatch(bundle, own)] : [];
  });
  return {
    data,
    counts: page.tallies,
    total: page.total,
    skip: paging.skip,
    limit: paging.limit,
    hasMore: paging.skip + page.matches.length < page.total,
    anchor: encodeAnchor(page.anchor),
  };
}
