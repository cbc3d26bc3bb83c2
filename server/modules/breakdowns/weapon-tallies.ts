import type { Db } from '../../db/client.js';

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
