import type { PlayerLeagueEntry } from '../../contracts/search.js';
import type { Database } from '../../db/client.js';
import { oneDecimal } from '../../lib/numbers.js';
import type { LeagueDirectory } from '../stats-core/league-directory.js';
import { kdPercent, placementState, winRate } from '../rating/record-stats.js';
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
      matches: stat.matches,
      win: stat.wins,
      lose: stat.losses,
      draw: stat.draws,
      win_rate: oneDecimal(winRate(stat.wins, stat.draws, stat.matches)),
      kill: stat.kills,
      death: stat.deaths,
      kd_rate: oneDecimal(kdPercent(stat.kills, stat.deaths)),
      placement: badge === 'Placement',
      badge,
    });
  }
  return entries;
}
