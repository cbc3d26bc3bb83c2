import {
  MET_OPPONENTS_MAX, type ClanBreakdownResponse, type MapBreakdownRow, type MetOpponent, type PlayerBreakdownResponse,
  type WeaponBreakdownRow,
} from '../../contracts/breakdowns.js';
import type { Database } from '../../db/client.js';
import { presentClan, type ClanIdentity } from '../clans/clan-refs.js';
import { presentLeague } from '../clans/league-param.js';
import { oneDecimal } from '../league/figures.js';
import type { LeagueInfo } from '../league/league-directory.js';
import { loadTopOpponents, type OpponentOwner } from '../matches/top-opponents.js';
import type { PlayerIdentity } from '../players/player-lookup.js';
import { kdPercent, killShare, winRate } from '../rating/record-stats.js';
import {
  readClanMapTallies, readPlayerMapTallies, readPlayerWeaponTallies, type MapTally, type WeaponTally,
} from './breakdown-queries.js';

export interface BreakdownDeps {
  db: Database;
}

/** Most played first, then the latest played, then by name (unnamed maps last), so the order never wobbles. */
function byMatchesThenRecent(a: MapTally, b: MapTally): number {
  return b.matches - a.matches
    || b.lastPlayedAt.getTime() - a.lastPlayedAt.getTime()
    || (a.map ?? '\uffff').localeCompare(b.map ?? '\uffff', 'ko');
}

function presentMap(tally: MapTally, withKillShare: boolean): MapBreakdownRow {
  return {
    map: tally.map,
    matches: tally.matches,
    win: tally.wins,
    lose: tally.losses,
    draw: tally.draws,
    win_rate: oneDecimal(winRate(tally.wins, tally.draws, tally.matches)),
    kill: tally.kills,
    death: tally.deaths,
    kd_rate: oneDecimal(kdPercent(tally.kills, tally.deaths)),
    ...(withKillShare ? { kill_share: oneDecimal(killShare(tally.kills, tally.teamKills)) } : {}),
    lastPlayedAt: tally.lastPlayedAt.toISOString(),
  };
}

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
 * Results by map (clans and players) and by weapon class (players) in one league, with the clans met there for
 * the match list's opponent filter. Counts are the owner's rated record there, so the rows add up to the header.
 */
export function breakdownService({ db }: BreakdownDeps) {
  async function metOpponents(owner: OpponentOwner): Promise<MetOpponent[]> {
    const records = await loadTopOpponents(db, owner, MET_OPPONENTS_MAX);
    return records.map((record) => ({ slug: record.clanSlug, name: record.clanName, matches: record.total }));
  }

  async function clanBreakdown(clan: ClanIdentity, league: LeagueInfo): Promise<ClanBreakdownResponse['data']> {
    const [tallies, opponents] = await Promise.all([
      readClanMapTallies(db, clan.id, league.id),
      metOpponents({ table: 'clan_opponent_stats', ownerId: clan.id, leagueId: league.id }),
    ]);
    const maps = tallies.sort(byMatchesThenRecent).map((tally) => presentMap(tally, false));
    return { clan: presentClan(clan), league: presentLeague(league), matches: sum(maps), maps, opponents };
  }

  /** A player's results by map in a league, and their share of their teams' kills over all of them. */
  async function playerMaps(player: PlayerIdentity, league: LeagueInfo): Promise<{ maps: MapBreakdownRow[]; killShare: number | null }> {
    const tallies = await readPlayerMapTallies(db, player.id, league.id);
    const kills = tallies.reduce((total, tally) => total + tally.kills, 0);
    const teamKills = tallies.reduce((total, tally) => total + tally.teamKills, 0);
    return {
      maps: tallies.sort(byMatchesThenRecent).map((tally) => presentMap(tally, true)),
      killShare: oneDecimal(killShare(kills, teamKills)),
    };
  }

  async function playerBreakdown(player: PlayerIdentity, league: LeagueInfo): Promise<PlayerBreakdownResponse['data']> {
    const [{ maps }, weaponTallies, opponents] = await Promise.all([
      playerMaps(player, league),
      readPlayerWeaponTallies(db, player.id, league.id),
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

  return { clanBreakdown, playerBreakdown, playerMaps };
}
