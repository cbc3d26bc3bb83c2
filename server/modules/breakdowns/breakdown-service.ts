import {
  MET_OPPONENTS_MAX, type ClanBreakdownResponse, type MetOpponent, type PlayerBreakdownResponse, type WeaponBreakdownRow,
} from '../../contracts/breakdowns.js';
import { oneDecimal } from '../../lib/numbers.js';
import { kdPercent } from '../rating/record-stats.js';
import { presentClan } from '../stats-core/clan-directory.js';
import { resolveClanPath } from '../stats-core/clan-path.js';
import { presentLeague } from '../stats-core/league-param.js';
import { loadClanMapRecords, loadPlayerMapRecords } from '../stats-core/map-records.js';
import { playerPageLeague, requirePlayer } from '../stats-core/player-lookup.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { loadTopOpponents, type OpponentOwner } from '../stats-core/top-opponents.js';
import { readPlayerWeaponTallies, type WeaponTally } from './weapon-tallies.js';

function presentWeapon(tally: WeaponTally): WeaponBreakdownRow {
  return {
    weapon: tally.weapon,
    matches: tally.matches,
    kill: tally.kills,
    death: tally.deaths,
    kd_rate: oneDecimal(kdPercent(tally.kills, tally.deaths)),
    headshot: tally.headshots,
    headshot_percent: tally.kills > 0 ? oneDecimal((tally.headshots / tally.kills) * 100) : null,
    damage_average: tally.damageKnown > 0 ? oneDecimal(tally.damage / tally.damageKnown) : null,
    damage_known: tally.damageKnown,
  };
}

const sum = (rows: readonly { matches: number }[]) => rows.reduce((total, row) => total + row.matches, 0);

/**
 * The "maps and weapons" panels of the clan and player pages: results by map (clans and players) and by weapon
 * class (players) in one league, with the clans met there for the match list's opponent filter. Counts are the
 * owner's rated record there, so the rows add up to the page header.
 */
export function breakdownService(core: StatsCore) {
  async function metOpponents(owner: OpponentOwner): Promise<MetOpponent[]> {
    const records = await loadTopOpponents(core, owner, MET_OPPONENTS_MAX);
    return records.map((record) => ({ slug: record.clanSlug, name: record.clanName, matches: record.total }));
  }

  /** A clan's panel in the path's league (400 for an unknown league, 404 for an unknown clan). */
  async function clanBreakdown(leagueName: string, clanSlug: string): Promise<ClanBreakdownResponse['data']> {
    const { clan, league } = await resolveClanPath(core, leagueName, clanSlug);
    const [maps, opponents] = await Promise.all([
      loadClanMapRecords(core.prisma, clan.id, league.id),
      metOpponents({ table: 'clan_opponent_stats', ownerId: clan.id, leagueId: league.id }),
    ]);
    return { clan: presentClan(clan), league: presentLeague(league), matches: sum(maps), maps, opponents };
  }

  /** A player's panel in `asked` league, else in the league of the player's page. */
  async function playerBreakdown(playerId: string, asked: string | undefined): Promise<PlayerBreakdownResponse['data']> {
    const player = await requirePlayer(core.prisma, playerId);
    const league = await playerPageLeague(core, player, asked);
    const [{ maps }, weaponTallies, opponents] = await Promise.all([
      loadPlayerMapRecords(core.prisma, player.id, league.id),
      readPlayerWeaponTallies(core.prisma, player.id, league.id),
      metOpponents({ table: 'player_opponent_stats', ownerId: player.id, leagueId: league.id }),
    ]);
    const weapons = weaponTallies.sort((a, b) => b.matches - a.matches || a.weapon.localeCompare(b.weapon)).map(presentWeapon);
    return {
      playerId: player.enlistmentNo,
      nickname: player.nickname,
      league: presentLeague(league),
      matches: sum(maps),
      maps,
      weapons,
      opponents,
    };
  }

  return { clanBreakdown, playerBreakdown };
}

export type BreakdownService = ReturnType<typeof breakdownService>;
