/** How big and how long the simulated league is; every field has a default. */
export interface LeagueOptions {
  /** Same seed, same league. */
  seed?: string;
  players?: number;
  /** Default: players / 25 (128 for the default 3,200 players). */
  clans?: number;
  matches?: number;
  days?: number;
  /** Start time of the newest match. Default: a fixed date, so the default league is the same on every run. */
  endAt?: Date;
  /** How many of the newest matches are still 'recording' (no players, scores or winner yet). */
  recordingCount?: number;
  /**
   * Relative share of the clans in each division, in the catalogue's order (sal-beginner, supply-1, supply-2,
   * sanply). Default 40/25/20/15: the integrated beginner league is the biggest.
   */
  divisionShares?: readonly number[];
}

/** Options with every default filled in. */
export type ResolvedLeagueOptions = Required<LeagueOptions>;

/** Smallest and largest clan sizes at the start; a lineup needs 5 players and a substitute. */
export const MIN_CLAN_MEMBERS = 8;
export const MAX_CLAN_MEMBERS = 40;
/** Share of players who start in a clan; the others are unaffiliated. */
export const AFFILIATED_SHARE = 0.92;

const DEFAULTS: Omit<ResolvedLeagueOptions, 'clans'> = {
  seed: 'sal-demo',
  players: 3200,
  matches: 32_000,
  days: 120,
  endAt: new Date('2025-06-30T13:30:00.000Z'),
  recordingCount: 3,
  divisionShares: [40, 25, 20, 15],
};

/** Fills in defaults and rejects sizes the generator cannot honour (too few players for the clans, etc.). */
export function resolveLeagueOptions(options: LeagueOptions = {}): ResolvedLeagueOptions {
  const players = options.players ?? DEFAULTS.players;
  const resolved: ResolvedLeagueOptions = {
    seed: options.seed ?? DEFAULTS.seed,
    players,
    clans: options.clans ?? Math.round(players / 25),
    matches: options.matches ?? DEFAULTS.matches,
    days: options.days ?? DEFAULTS.days,
    endAt: options.endAt ?? DEFAULTS.endAt,
    recordingCount: options.recordingCount ?? DEFAULTS.recordingCount,
    divisionShares: options.divisionShares ?? DEFAULTS.divisionShares,
  };
  requireInteger('clans', resolved.clans, 8);
  requireInteger('players', resolved.players, Math.ceil((resolved.clans * MIN_CLAN_MEMBERS) / AFFILIATED_SHARE));
  requireInteger('matches', resolved.matches, 1);
  requireInteger('days', resolved.days, 1);
  requireInteger('recordingCount', resolved.recordingCount, 0);
  if (resolved.recordingCount > resolved.matches) throw new RangeError('recordingCount must not exceed matches');
  if (Number.isNaN(resolved.endAt.getTime())) throw new RangeError('endAt must be a valid date');
  const shares = resolved.divisionShares;
  if (shares.length !== DEFAULTS.divisionShares.length || shares.some((share) => !(share >= 0)) || !shares.some((share) => share > 0)) {
    throw new RangeError(`divisionShares must be ${DEFAULTS.divisionShares.length} non-negative weights, not all 0`);
  }
  return resolved;
}

function requireInteger(name: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new RangeError(`${name} must be an integer of at least ${minimum} (got ${value})`);
  }
}
