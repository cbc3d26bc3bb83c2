import type { StatsCore } from '../stats-core/stats-core.js';
import type { PlayerMatchCounts, PlayerRecentResponse } from '../../contracts/matches.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { loadMatchBundles } from '../stats-core/match-bundles.js';
import { encodeAnchor, readMatchListPage } from '../stats-core/match-list-page.js';
import { presentPlayerMatch } from '../stats-core/match-presenter.js';
import type { PlayerIdentity } from './player-lookup.js';

/**
 * What the player's list (up to the anchor) holds: results of the rows that count in the record, matches without a
 * result yet, and dropout rows (listed, never counted). A player has at most a few hundred rows, read on the
 * player's list index.
 */
async function countPlayerRows(prisma: Database, playerId: number, leagueId: number | undefined, anchor: number): Promise<PlayerMatchCounts> {
  const inLeague = leagueId === undefined ? Prisma.empty : Prisma.sql` AND league_id = ${leagueId}`;
  const [counts] = await prisma.$queryRaw<PlayerMatchCounts[]>`
    SELECT count(*) FILTER (WHERE NOT dropout AND result = 'win')::int AS win,
           count(*) FILTER (WHERE NOT dropout AND result = 'lose')::int AS lose,
           count(*) FILTER (WHERE NOT dropout AND result = 'draw')::int AS draw,
           count(*) FILTER (WHERE NOT dropout AND result IS NULL)::int AS unknown,
           count(*) FILTER (WHERE dropout)::int AS dropout
    FROM match_players WHERE player_id = ${playerId}${inLeague} AND listed_seq <= ${anchor}`;
  return counts ?? { win: 0, lose: 0, draw: 0, unknown: 0, dropout: 0 };
}

/**
 * GET player recent: a page of the player's matches, newest first (started_at, then match id), in one league
 * when `leagueId` is given (onlySAL=1), else in every division; each row from the player's team with their own
 * line, rating change and both rosters.
 */
export async function listPlayerMatches(
  core: StatsCore,
  player: PlayerIdentity,
  leagueId: number | undefined,
  paging: { skip: number; limit: number; anchor?: number },
): Promise<PlayerRecentResponse> {
  const { prisma } = core;
  const page = await readMatchListPage(prisma, { table: 'match_players', ownerId: player.id, leagueId }, paging);
  const [bundles, counts] = await Promise.all([
    loadMatchBundles(core, page.matchIds),
    countPlayerRows(prisma, player.id, leagueId, page.anchor),
  ]);
  const data = page.matchIds.flatMap((matchId) => {
    const bundle = bundles.get(matchId);
    const own = bundle?.players.find((line) => line.playerInternalId === player.id);
    return bundle && own ? [presentPlayerMatch(bundle, own)] : [];
  });
  return {
    data,
    counts,
    total: page.total,
    skip: paging.skip,
    limit: paging.limit,
    hasMore: paging.skip + page.matchIds.length < page.total,
    anchor: encodeAnchor(page.anchor),
  };
}
