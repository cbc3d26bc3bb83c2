import type { PlayerMatchRow } from '../../contracts/ingest-record.js';

/** Matches an entity plays in placement (the badge shows for 1 to 19 of 20: docs/product/ratings.md#placement). */
export const PLACEMENT_MATCHES = 20;

/** Placement state of a league card: 'Placement' during the first 19 matches, 'regular' after, null before any. */
export type PlacementState = 'Placement' | 'regular';

/**
 * Win rate in percent with a draw counting half (docs/product/ratings.md#win-rate); null when there is no match to
 * divide by.
 */
export function winRate(wins: number, draws: number, total: number): number | null {
  return percent(wins + draws / 2, total);
}

/** Win rate with one decimal, as the opponent-record tables show it. */
export function winRateOneDecimal(wins: number, draws: number, total: number): number | null {
  return roundTo(winRate(wins, draws, total), 1);
}

/** Win rate rounded to a whole percent, as the player page shows it. */
export function winRateRounded(wins: number, draws: number, total: number): number | null {
  return roundTo(winRate(wins, draws, total), 0);
}

/** A player's share of the team's kills in percent; null when the team killed no one. */
export function killShare(kills: number, teamKills: number): number | null {
  return percent(kills, teamKills);
}

/** K/D as a percentage, kills / (kills + deaths) x 100; null with neither kills nor deaths. */
export function kdPercent(kills: number, deaths: number): number | null {
  return percent(kills, kills + deaths);
}

/** Kills per match; null before the first match. */
export function averageKills(kills: number, matches: number): number | null {
  return matches > 0 ? kills / matches : null;
}

/** The damage to show: null (unknown) when the source corrected the row to 0, since 0 is then not a real value. */
export function displayDamage(row: Pick<PlayerMatchRow, 'damage' | 'corrected'>): number | null {
  return row.corrected && row.damage === 0 ? null : row.damage;
}

/** A player's line in a match as every match view shows it (the match's players, a player's list, the proxy's detail). */
export function matchLineFigures(row: MatchLine) {
  return {
    kill: row.kill,
    death: row.death,
    assist: row.assist,
    headshot: row.headshot,
    damage: displayDamage(row),
    damage_percent: row.damagePercent,
  };
}

type MatchLine = Pick<PlayerMatchRow, 'kill' | 'death' | 'assist' | 'headshot' | 'damage' | 'damagePercent' | 'corrected'>;

/**
 * Placement state by total matches (docs/product/ratings.md#placement): 1-19 'Placement', 20 or more 'regular', none
 * null.
 */
export function placementState(totalMatches: number): PlacementState | null {
  if (totalMatches <= 0) return null;
  return totalMatches < PLACEMENT_MATCHES ? 'Placement' : 'regular';
}

/** The rank as a top percentage (rank / total x 100) for the rank badge; null when nobody is ranked. */
export function rankTopPercent(rank: number, total: number): number | null {
  return percent(rank, total);
}

function percent(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

function roundTo(value: number | null, decimals: number): number | null {
  if (value === null) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
