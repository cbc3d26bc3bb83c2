import type { ClanRecord, LeagueSlugValue, PlayerRecord } from '../../../contracts/ingest-record.js';
import { MAX_CLAN_MEMBERS, MIN_CLAN_MEMBERS } from './league-options.js';
import { assignClan, LEAGUES, type LeagueState, type SimClan, type SimPlayer } from './league-state.js';
import type { Random } from './random.js';

/** A clan may grow a little past its starting maximum through transfers. */
const CLAN_CAPACITY = MAX_CLAN_MEMBERS + 5;
/** A division keeps at least this many established clans when one moves away. */
const MIN_DIVISION_CLANS = 3;
const ATTEMPTS = 30;
/** Promotion and relegation: matches played in the division first, and the win rates that decide. */
const PROMOTION_GAMES = 40;
const PROMOTION_RATE = 0.6;
const RELEGATION_RATE = 0.4;

/** The clan record for a clan as it stands at `at` (ISO time). */
export function clanRecord(clan: SimClan, at: string): ClanRecord {
  const { slug, name, league, markBg, markFront } = clan;
  return { type: 'clan', slug, name, league, markBg, markFront, at };
}

/** The player record for a player's current clan at `at` (ISO time). */
export function playerRecord(player: SimPlayer, at: string): PlayerRecord {
  return { type: 'player', playerId: player.id, nickname: player.nickname, clanSlug: player.clan?.slug ?? null, at };
}

/**
 * Promotes or relegates an established clan by its record in its division: a clan winning at least
 * PROMOTION_RATE of PROMOTION_GAMES or more moves up one division, one winning at most RELEGATION_RATE moves
 * down (the top and bottom divisions have nowhere further to go). Null when no clan qualifies or could move
 * without leaving its division too small.
 */
export function moveClan(state: LeagueState, random: Random): { clan: SimClan; from: LeagueSlugValue } | null {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const clan = random.pick(state.clans);
    const from = clan.league;
    const step = divisionStep(clan);
    const to = LEAGUES[LEAGUES.indexOf(from) + step];
    if (step === 0 || !to || clan.activeFromDay > 0 || establishedClans(state, from) <= MIN_DIVISION_CLANS) continue;
    clan.league = to;
    clan.divisionGames = 0;
    clan.divisionWins = 0;
    return { clan, from };
  }
  return null;
}

/** +1 (promotion), -1 (relegation) or 0, from the clan's record in its current division. */
function divisionStep(clan: SimClan): number {
  if (clan.divisionGames < PROMOTION_GAMES) return 0;
  const rate = clan.divisionWins / clan.divisionGames;
  return rate >= PROMOTION_RATE ? 1 : rate <= RELEGATION_RATE ? -1 : 0;
}

/** Counts a complete match towards both clans' records in their division. */
export function recordDivisionResult(blue: SimClan, red: SimClan, winner: 'blue' | 'red' | 'draw' | null): void {
  blue.divisionGames += 1;
  red.divisionGames += 1;
  if (winner === 'blue') blue.divisionWins += 1;
  if (winner === 'red') red.divisionWins += 1;
}

/** A player joins a clan (20%), leaves theirs (20%) or changes clan (60%); null when none could move. */
export function movePlayer(state: LeagueState, random: Random): SimPlayer | null {
  const roll = random.next();
  const kind = roll < 0.2 ? 'join' : roll < 0.4 ? 'leave' : 'change';
  const player = findPlayer(state, random, kind !== 'join');
  if (!player) return null;
  const target = kind === 'leave' ? null : findClanWithRoom(state, random, player.clan);
  if (kind !== 'leave' && !target) return null;
  assignClan(player, target);
  return player;
}

/** A player in a clan that can spare a member (affiliated) or a player without a clan (not affiliated). */
function findPlayer(state: LeagueState, random: Random, affiliated: boolean): SimPlayer | null {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const player = random.pick(state.players);
    if (!affiliated && player.clan === null) return player;
    if (affiliated && player.clan && player.clan.members.length > MIN_CLAN_MEMBERS) return player;
  }
  return null;
}

function findClanWithRoom(state: LeagueState, random: Random, current: SimClan | null): SimClan | null {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const clan = random.pick(state.clans);
    if (clan !== current && clan.members.length < CLAN_CAPACITY) return clan;
  }
  return null;
}

function establishedClans(state: LeagueState, league: LeagueSlugValue): number {
  return state.clans.filter((clan) => clan.league === league && clan.activeFromDay === 0).length;
}
