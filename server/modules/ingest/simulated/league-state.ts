import type { LeagueSlugValue, MatchRecord } from '../../../contracts/ingest-record.js';
import { LEAGUE_CATALOG } from '../../stats-core/league-catalog.js';
import { apportion } from './apportion.js';
import {
  AFFILIATED_SHARE,
  MAX_CLAN_MEMBERS,
  MIN_CLAN_MEMBERS,
  type ResolvedLeagueOptions,
} from './league-options.js';
import { NameFactory, pickLogoLayers } from './names.js';
import { Random } from './random.js';

/** The four divisions, in the catalogue's order: from the beginner league up to the third league. */
export const LEAGUES: readonly LeagueSlugValue[] = LEAGUE_CATALOG.map((league) => league.slug);
/** How far a clan's strength may stray from its division's band at the start (in clan-skill units). */
const DIVISION_NOISE = 0.35;
/** Spread of how much clans play (log-normal) and the most a clan plays relative to a typical one. */
const ACTIVITY_SPREAD = 0.45;
const MAX_ACTIVITY = 3;
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
  /** Matches played and won in the current division: promotion and relegation go by them. */
  divisionGames: number;
  divisionWins: number;
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
  /** The league's names and enlistment numbers so far, so clans and players added later stay unique. */
  readonly names: NameFactory;
  readonly enlistmentNumbers: Set<string>;
}

/** Builds the league as it stands on its first day: clans in divisions, players in clans (a few without one). */
export function createLeagueState(options: ResolvedLeagueOptions): LeagueState {
  const random = new Random(options.seed);
  const names = new NameFactory(random);
  const newClans = Math.max(Math.min(LEAGUES.length, Math.floor(options.clans / 10)), Math.round(options.clans * NEW_CLAN_SHARE));
  const firstNewClan = options.clans - newClans;
  const clans = Array.from({ length: options.clans }, (_, index) =>
    index < firstNewClan
      ? createClan(random, names, 0)
      : createClan(random, names, newClanDay(random, options.days)),
  );
  assignDivisions(clans.slice(0, firstNewClan), options.divisionShares, random);
  clans.slice(firstNewClan).forEach((clan, index) => (clan.league = LEAGUES[index % LEAGUES.length] as LeagueSlugValue));
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
    names,
    enlistmentNumbers,
  };
}

/** Smallest roster of a clan founded while the league plays live. */
const FOUNDED_CLAN_MEMBERS = MIN_CLAN_MEMBERS;

/**
 * Founds a clan in `league` while the league plays on (live mode): a new name and mark, members taken from the
 * players without a clan and, when too few are free, new players. Returns the clan and every player it took in.
 */
export function foundClan(state: LeagueState, league: LeagueSlugValue, random: Random): { clan: SimClan; members: SimPlayer[] } {
  const clan = createClan(random, state.names, 1);
  clan.league = league;
  state.clans.push(clan);
  const free = state.players.filter((player) => player.clan === null).slice(0, FOUNDED_CLAN_MEMBERS);
  while (free.length < FOUNDED_CLAN_MEMBERS) {
    const player = createPlayer(random, state.names, state.enlistmentNumbers, clan.skill * 0.6);
    state.players.push(player);
    free.push(player);
  }
  for (const player of free) assignClan(player, clan);
  return { clan, members: free };
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

function createClan(random: Random, names: NameFactory, activeFromDay: number): SimClan {
  const { name, slug } = names.clan();
  return {
    slug,
    name,
    ...pickLogoLayers(random),
    skill: random.normal(0, 1),
    activity: activeFromDay > 0 ? random.between(0.3, 1) : Math.min(MAX_ACTIVITY, Math.exp(random.normal(0, ACTIVITY_SPREAD))),
    activeFromDay,
    league: LEAGUES[0] as LeagueSlugValue,
    members: [],
    memberActivity: [],
    divisionGames: 0,
    divisionWins: 0,
  };
}

/**
 * Puts the established clans into divisions by strength, as a real league's promotions have sorted them: the
 * weakest into the beginner league, the strongest into the third league, with some noise so the bands overlap.
 * Every division gets two clans, the rest shared out by `shares` (one weight per division).
 */
function assignDivisions(clans: SimClan[], shares: readonly number[], random: Random): void {
  const sizes = apportion(clans.length - 2 * LEAGUES.length, shares, random).map((extra) => extra + 2);
  const ranked = clans
    .map((clan) => ({ clan, key: clan.skill + random.normal(0, DIVISION_NOISE) }))
    .sort((a, b) => a.key - b.key);
  let next = 0;
  sizes.forEach((size, division) => {
    const last = division === sizes.length - 1 ? ranked.length : Math.min(ranked.length, next + size);
    for (; next < last; next += 1) (ranked[next] as { clan: SimClan }).clan.league = LEAGUES[division] as LeagueSlugValue;
  });
}

/** Founded two or three days before the end: a full day of matches, never only the final recording ones. */
function newClanDay(random: Random, days: number): number {
  return Math.max(0, days - random.int(2, 3));
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
