import type { LeagueSlugValue, MatchRecord } from '../../../contracts/ingest-record.js';
import { LEAGUE_CATALOG } from '../../league/league-catalog.js';
import { apportion } from './apportion.js';
import {
  AFFILIATED_SHARE,
  MAX_CLAN_MEMBERS,
  MIN_CLAN_MEMBERS,
  type ResolvedLeagueOptions,
} from './league-options.js';
import { NameFactory, pickLogoLayers } from './names.js';
import { cumulativeWeights, Random } from './random.js';

/** The four divisions, in the catalogue's order. */
export const LEAGUES: readonly LeagueSlugValue[] = LEAGUE_CATALOG.map((league) => league.slug);
/**
 * Share of clans founded in the last few days, so a few clans are still in placement (1-19 matches); leagues of
 * 40 clans or more get at least one per division.
 */
const NEW_CLAN_SHARE = 0.05;
const DAY_MS = 86_400_000;

/** A simulated player with the hidden values that shape their stats. */
export interface SimPlayer {
  readonly id: string;
  readonly nickname: string;
  /** Hidden skill, roughly normal around the clan's. */
  readonly skill: number;
  /** Relative share of the team's kills and deaths the player takes, from the skill. */
  readonly killPower: number;
  readonly deathRisk: number;
  /** Chance of being picked when the clan plays (0.15-1): some members play every night, some rarely. */
  readonly activity: number;
  /** Share of kills that are headshots. */
  readonly headshotRate: number;
  /** Prefers the sniper rifle. */
  readonly sniper: boolean;
  clan: SimClan | null;
  /** Index in `clan.members`, for O(1) removal. */
  slot: number;
}

/** A simulated clan: its current division, members and hidden strength. */
export interface SimClan {
  readonly slug: string;
  readonly name: string;
  readonly markBg: string;
  readonly markFront: string;
  readonly skill: number;
  /** Relative number of matches the clan plays. */
  readonly activity: number;
  /** First day (0-based) the clan plays; above 0 for the few newly founded clans. */
  readonly activeFromDay: number;
  league: LeagueSlugValue;
  readonly members: SimPlayer[];
  /** `members[i].activity` at index i, kept alongside so drawing a lineup reads one small array. */
  readonly memberActivity: number[];
}

/** Everything the generator and the live player share: roster, clock span, PRNG and matches still recording. */
export interface LeagueState {
  readonly seed: string;
  readonly random: Random;
  readonly startMs: number;
  readonly endMs: number;
  readonly clans: SimClan[];
  readonly players: SimPlayer[];
  /** Complete versions of matches that were sent as 'recording', by matchId, oldest first. */
  readonly pending: Map<string, MatchRecord>;
}

/** Builds the league as it stands on its first day: clans in divisions, players in clans (a few without one). */
export function createLeagueState(options: ResolvedLeagueOptions): LeagueState {
  const random = new Random(options.seed);
  const names = new NameFactory(random);
  const newClans = Math.max(Math.min(LEAGUES.length, Math.floor(options.clans / 10)), Math.round(options.clans * NEW_CLAN_SHARE));
  const firstNewClan = options.clans - newClans;
  const divisionShares = cumulativeWeights(options.divisionShares);
  const clans = Array.from({ length: options.clans }, (_, index) =>
    index < firstNewClan
      ? createClan(random, names, initialDivision(random, index, divisionShares), 0)
      : createClan(random, names, LEAGUES[(index - firstNewClan) % LEAGUES.length] as LeagueSlugValue, newClanDay(random, options.days)),
  );
  const sizes = clanSizes(random, options);
  const players: SimPlayer[] = [];
  const enlistmentNumbers = new Set<string>();
  clans.forEach((clan, index) => {
    for (let i = 0; i < (sizes[index] ?? 0); i += 1) {
      const player = createPlayer(random, names, enlistmentNumbers, clan.skill * 0.6);
      assignClan(player, clan);
      players.push(player);
    }
  });
  while (players.length < options.players) players.push(createPlayer(random, names, enlistmentNumbers, -0.3));
  const endMs = options.endAt.getTime();
  return {
    seed: options.seed,
    random,
    startMs: endMs - options.days * DAY_MS,
    endMs,
    clans,
    players,
    pending: new Map(),
  };
}

/** Moves a player to a clan (or to none), keeping both clans' member lists right. */
export function assignClan(player: SimPlayer, clan: SimClan | null): void {
  const previous = player.clan;
  if (previous) {
    const last = previous.members.pop() as SimPlayer;
    previous.memberActivity.pop();
    if (last !== player) {
      previous.members[player.slot] = last;
      previous.memberActivity[player.slot] = last.activity;
      last.slot = player.slot;
    }
  }
  player.clan = clan;
  player.slot = clan ? clan.members.push(player) - 1 : -1;
  clan?.memberActivity.push(player.activity);
}

function createClan(random: Random, names: NameFactory, league: LeagueSlugValue, activeFromDay: number): SimClan {
  const { name, slug } = names.clan();
  return {
    slug,
    name,
    ...pickLogoLayers(random),
    skill: random.normal(0, 1),
    activity: activeFromDay > 0 ? random.between(0.3, 1) : Math.exp(random.normal(0, 0.7)),
    activeFromDay,
    league,
    members: [],
    memberActivity: [],
  };
}

/** The first clans go round-robin so every division starts with two established clans; the rest by share. */
function initialDivision(random: Random, index: number, shares: Float64Array): LeagueSlugValue {
  const division = index < LEAGUES.length * 2 ? index % LEAGUES.length : random.weightedIndex(shares);
  return LEAGUES[division] as LeagueSlugValue;
}

function newClanDay(random: Random, days: number): number {
  return Math.max(0, days - random.int(1, 3));
}

/** Member counts per clan: at least MIN, at most MAX, together about AFFILIATED_SHARE of the players. */
function clanSizes(random: Random, options: ResolvedLeagueOptions): number[] {
  const affiliated = Math.round(options.players * AFFILIATED_SHARE);
  const weights = Array.from({ length: options.clans }, () => random.between(0.15, 1));
  const extra = apportion(affiliated - options.clans * MIN_CLAN_MEMBERS, weights, random);
  return extra.map((share) => Math.min(MAX_CLAN_MEMBERS, MIN_CLAN_MEMBERS + share));
}

function createPlayer(random: Random, names: NameFactory, taken: Set<string>, skillMean: number): SimPlayer {
  const sniper = random.chance(0.18);
  const skill = random.normal(skillMean, 0.8);
  return {
    id: enlistmentNumber(random, taken),
    nickname: names.nickname(),
    skill,
    killPower: Math.exp(skill * 0.45),
    deathRisk: Math.exp(-skill * 0.3),
    activity: random.between(0.15, 1),
    headshotRate: random.between(0.15, 0.45) + (sniper ? 0.15 : 0),
    sniper,
    clan: null,
    slot: -1,
  };
}

/** A unique enlistment number of 7 to 9 digits. */
function enlistmentNumber(random: Random, taken: Set<string>): string {
  for (;;) {
    const digits = random.int(7, 9);
    const id = String(random.int(10 ** (digits - 1), 10 ** digits - 1));
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}
