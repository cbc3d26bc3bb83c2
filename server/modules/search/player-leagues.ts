import type { PlayerLeagueEntry } from '../../contracts/search.js';
import type { Database } from '../../db/client.js';
import type { LeagueDirectory } from '../stats-core/league-directory.js';
import { placementState } from '../rating/record-stats.js';
import { presentPlayerRecord } from '../stats-core/record-figures.js';
import type { FoundPlayer } from './player-lookup.js';

/** The player's league cards: one per league pool the player has rated matches in, most recently played first. */
export async function loadPlayerLeagues(
  prisma: Database,
  leagues: LeagueDirectory,
  player: FoundPlayer,
): Promise<PlayerLeagueEntry[]> {
  const stats = await prisma.playerStat.findMany({
    where: { playerId: player.id, matches: { gt: 0 } },
    orderBy: [{ lastMatchAt: { sort: 'desc', nulls: 'last' } }, { leagueId: 'asc' }],
  });
  const entries: PlayerLeagueEntry[] = [];
  for (const stat of stats) {
    const league = await leagues.byId(stat.leagueId);
    if (!league) continue;
    const badge = placementState(stat.matches) ?? 'Placement';
    entries.push({
      league: { id: league.id, name: league.label, slug: league.slug },
      playerId: player.enlistmentNo,
      nickname: player.nickname,
      rating: stat.rating,
      ...presentPlayerRecord(stat),
      placement: badge === 'Placement',
      badge,
    });
  }
  return entries;
}
