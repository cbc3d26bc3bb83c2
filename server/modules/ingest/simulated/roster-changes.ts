import type { ClanRecord, LeagueSlugValue, PlayerRecord } from '../../../contracts/ingest-record.js';
import { MAX_CLAN_MEMBERS, MIN_CLAN_MEMBERS } from './league-options.js';
import { assignClan, LEAGUES, type LeagueState, type SimClan, type SimPlayer } from './league-state.js';
import type { Random } from './random.js';

/** A clan may grow a little past its starting maximum through transfers. */
const CLAN_CAPACITY = MAX_CLAN_MEMBERS + 5;
/** A division keeps at least this many established clans when one moves away. */
const MIN_DIVISION_CLANS = 3;
const ATTEMPTS = 30;

/** The clan record for a clan as it stands at `at` (ISO time). */
export function clanRecord(clan: SimClan, at: string): ClanRecord {
  const { slug, name, league, markBg, markFront } = clan;
  return { type: 'clan', slug, name, league, markBg, markFront, at };
}

/** The player record for a player's current clan at `at` (ISO time). */
export function playerRecord(player: SimPlayer, at: string): PlayerRecord {
  return { type: 'player', playerId: player.id, nickname: player.nickname, clanSlug: player.clan?.slug ?? null, at };
}

/** Moves an established clan to another division; null when no clan can move without emptying its division. */
export function moveClan(state: LeagueState, random: Random): { clan: SimClan; from: LeagueSlugValue } | null {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const clan = random.pick(state.clans);
    const from = clan.league;
    if (clan.activeFromDay > 0 || establishedClans(state, from) <= MIN_DIVISION_CLANS) continue;
    while (clan.league === from) clan.league = random.pick(LEAGUES);
    return { clan, from };
  }
  return null;
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
