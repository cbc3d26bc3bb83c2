import type { Database } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';

/** The Prisma client or a transaction of it. */
type Db = Database | Prisma.TransactionClient;

/** One map's tally of an owner's rated matches in a league. */
export interface MapTally {
  map: string | null;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  kills: number;
  deaths: number;
  /** The team's kills in the same matches (a player's kill share); the clan's own kills for a clan. */
  teamKills: number;
  lastPlayedAt: Date;
}

/** One weapon class's tally of a player's rated matches in a league. */
export interface WeaponTally {
  weapon: 'rifle' | 'sniper';
  matches: number;
  kills: number;
  deaths: number;
  headshots: number;
  /** Damage summed over the matches whose damage is known, and how many those are. */
  damage: number;
  damageKnown: number;
}

/**
 * A clan's rated matches in a league by map, read from its own rows on the (clan, league, map, ...) index: the map,
 * the result and the team's kills and deaths are all on the row, so nothing else is read.
 */
export function readClanMapTallies(db: Db, clanId: number, leagueId: number): Promise<MapTally[]> {
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
export function readPlayerMapTallies(db: Db, playerId: number, leagueId: number): Promise<MapTally[]> {
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

/**
 * A player's rated matches in a league by the weapon they played it with. Damage the source corrected to 0 is
 * unknown, not zero, so it is left out of the average (and counted apart).
 */
export function readPlayerWeaponTallies(db: Db, playerId: number, leagueId: number): Promise<WeaponTally[]> {
  return db.$queryRaw<WeaponTally[]>`
    SELECT weapon::text AS weapon, count(*)::int AS matches, sum(kill)::int AS kills, sum(death)::int AS deaths,
           sum(headshot)::int AS headshots,
           COALESCE(sum(damage) FILTER (WHERE NOT (corrected AND damage = 0)), 0)::int AS damage,
           count(*) FILTER (WHERE NOT (corrected AND damage = 0))::int AS "damageKnown"
    FROM match_players
    WHERE player_id = ${playerId} AND league_id = ${leagueId} AND NOT dropout AND result IS NOT NULL
    GROUP BY weapon`;
}
