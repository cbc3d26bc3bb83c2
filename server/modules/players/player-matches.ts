import type { PlayerRecentResponse } from '../../contracts/matches.js';
import type { Database } from '../../db/client.js';
import { loadMatchBundles } from '../matches/match-bundles.js';
import { encodeAnchor, readMatchListPage } from '../matches/match-list-page.js';
import { presentPlayerMatch } from '../matches/match-presenter.js';
import type { PlayerIdentity } from './player-lookup.js';

/**
 * GET player recent: a page of the player's matches, newest first (started_at, then match id), in one league
 * when `leagueId` is given (onlySAL=1), else in every division; each row from the player's team with their own
 * line, rating change and both rosters.
 */
export async function listPlayerMatches(
  prisma: Database,
  player: PlayerIdentity,
  leagueId: number | undefined,
  paging: { skip: number; limit: number; anchor?: number },
): Promise<PlayerRecentResponse> {
  const page = await readMatchListPage(prisma, { table: 'match_players', ownerId: player.id, leagueId }, paging);
  const bundles = await loadMatchBundles(prisma, page.matchIds);
  const data = page.matchIds.flatMap((matchId) => {
    const bundle = bundles.get(matchId);
    const own = bundle?.players.find((line) => line.playerInternalId === player.id);
    return bundle && own ? [presentPlayerMatch(bundle, own)] : [];
  });
  return {
    data,
    total: page.total,
    skip: paging.skip,
    limit: paging.limit,
    hasMore: paging.skip + page.matchIds.length < page.total,
    anchor: encodeAnchor(page.anchor),
  };
}
