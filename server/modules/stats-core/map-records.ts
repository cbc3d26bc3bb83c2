import type { MapBreakdownRow } from '../../contracts/breakdowns.js';
import type { Db } from '../../db/client.js';
import { oneDecimal } from '../../lib/numbers.js';
import { killShare } from '../rating/record-stats.js';
import { presentPlayerRecord, type PlayerRecordCounts } from './record-figures.js';

/**
 * Results by map of a clan's or a player's rated matches in one league: the maps panel of the clan and player
 * pages and the maps of a player comparison. Counts are the owner's rated record there (a player's rows left
 * early never count), so the rows add up to the page header.
 */

/** One map's tally of an owner's rated matches in a league. */
interface MapTally extends PlayerRecordCounts {
  map: string | null;
  /** The team's kills in the same matches (a player's kill share); the clan's own kills for a clan. */
  teamKills: number;
  lastPlayedAt: Date;
}

/**
 * A clan's rated matches in a league by map, read from its (clan, league, map, ...) index alone: the result and the
 * team's kills and deaths are on its entries too (INCLUDE), so no table row is read.
 */
function readClanMapTallies(db: Db, clanId: number, leagueId: number): Promise<MapTally[]> {
  return db.$queryRaw<MapTally[]>`
    SELECT map, count(*)::int AS matches,
           count(*) FILTER (WHERE result = 'win')::int AS wins, count(*) FILTER (WHERE result = 'lose')::int AS losses,
           count(*) FILTER (WHERE result = 'draw')::int AS draws,
           sum(kills)::int AS kills, sum(deaths)::int AS deaths, sum(kills)::int AS "teamKills",
           max(started_at) AS "lastPlayedAt"
    FROM clan_matches
    WHERE clan_id = ${clanId} AND league_id = ${leagueId} AND result IS NOT NULL
    GROUP BY map`;
}

/**
 * A player's rated matches in a league by map: the record's rows (not left early), each joined to its team's row
 * (clan_matches, by primary key) for the map and the team's kills.
 */
function readPlayerMapTallies(db: Db, playerId: number, leagueId: number): Promise<MapTally[]> {
  return db.$queryRaw<MapTally[]>`
    SELECT team.map, count(*)::int AS matches,
           count(*) FILTER (WHERE mp.result = 'win')::int AS wins, count(*) FILTER (WHERE mp.result = 'lose')::int AS losses,
           count(*) FILTER (WHERE mp.result = 'draw')::int AS draws,
           sum(mp.kill)::int AS kills, sum(mp.death)::int AS deaths, sum(team.kills)::int AS "teamKills",
           max(mp.started_at) AS "lastPlayedAt"
    FROM match_players mp JOIN clan_matches team ON team.match_id = mp.match_id AND team.clan_id = mp.clan_id
    WHERE mp.player_id = ${playerId} AND mp.league_id = ${leagueId} AND NOT mp.dropout AND mp.result IS NOT NULL
    GROUP BY team.map`;
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
    ...presentPlayerRecord(tally),
    ...(withKillShare ? { kill_share: oneDecimal(killShare(tally.kills, tally.teamKills)) } : {}),
    lastPlayedAt: tally.lastPlayedAt.toISOString(),
  };
}

/** A clan's results by map in a league, most played first. */
export async function loadClanMapRecords(db: Db, clanId: number, leagueId: number): Promise<MapBreakdownRow[]> {
  const tallies = await readClanMapTallies(db, clanId, leagueId);
  return tallies.sort(byMatchesThenRecent).map((tally) => presentMap(tally, false));
}

/** A player's results by map in a league, most played first, and their share of their teams' kills over all of them. */
export async function loadPlayerMapRecords(
  db: Db,
  playerId: number,
  leagueId: number,
): Promise<{ maps: MapBreakdownRow[]; killShare: number | null }> {
  const tallies = await readPlayerMapTallies(db, playerId, leagueId);
  const kills = tallies.reduce((total, tally) => total + tally.kills, 0);
  const teamKills = tallies.reduce((total, tally) => total + tally.teamKills, 0);
  return {
    maps: tallies.sort(byMatchesThenRecent).map((tally) => presentMap(tally, true)),
    killShare: oneDecimal(killShare(kills, teamKills)),
  };
}
