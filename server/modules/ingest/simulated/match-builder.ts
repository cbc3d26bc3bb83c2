import type { MatchRecord, PlayerMatchRow } from '../../../contracts/ingest-record.js';
import { apportion } from './apportion.js';
import type { Fixture } from './fixture-picker.js';
import { pickMap } from './game-maps.js';
import { isoTime } from './iso-time.js';
import type { SimClan, SimPlayer } from './league-state.js';
import type { Random } from './random.js';

const LINEUP_SIZE = 5;
/** Rounds a side needs to win (bomb mission, first to 7). */
const TARGET_ROUNDS = 7;
/** Share of matches that end level when time runs out. */
const DRAW_RATE = 0.03;
/** Share of teams where one player drops out and a substitute comes in (about 2% of rows). */
const DROPOUT_RATE = 0.1;
/** How much of the match a dropout is there for, relative to the five who play it out. */
const DROPOUT_PRESENCE = 0.12;
/** Share of rows whose damage the source corrected, and how many of those lost the value (damage 0). */
const CORRECTED_RATE = 0.01;
const CORRECTED_UNKNOWN_SHARE = 0.35;
/** How strongly a strength gap turns into round wins. */
const ROUND_SKILL_FACTOR = 0.45;
/** Setup before the first round, and the range of a match's average round length (a round lasts at most 2:20). */
const SETUP_SECONDS = 30;
const ROUND_SECONDS = [60, 120] as const;

/** Builds the complete record of one 5v5 clan match between the fixture's clans, starting at `startedAtMs`. */
export function buildMatch(random: Random, matchId: string, fixture: Fixture, startedAtMs: number): MatchRecord {
  const blueLineup = pickLineup(fixture.blue, random);
  const redLineup = pickLineup(fixture.red, random);
  const edge = strength(fixture.blue, blueLineup) - strength(fixture.red, redLineup);
  const rounds = playRounds(random, 1 / (1 + Math.exp(-ROUND_SKILL_FACTOR * edge)));
  const players: PlayerMatchRow[] = [];
  addTeamRows(players, 'blue', blueLineup, rounds.redDeaths, rounds.blueDeaths, random);
  addTeamRows(players, 'red', redLineup, rounds.blueDeaths, rounds.redDeaths, random);
  return {
    type: 'match',
    matchId,
    league: fixture.league,
    map: pickMap(random),
    startedAt: isoTime(startedAtMs),
    playTimeSeconds: playTime(rounds, random),
    status: 'complete',
    blueClanSlug: fixture.blue.slug,
    redClanSlug: fixture.red.slug,
    blueScore: rounds.blueScore,
    redScore: rounds.redScore,
    winner: rounds.blueScore > rounds.redScore ? 'blue' : rounds.blueScore < rounds.redScore ? 'red' : 'draw',
    players,
  };
}

/** The same match as the source shows it while it is still being recorded: no players, scores or winner yet. */
export function toRecording(match: MatchRecord): MatchRecord {
  return {
    ...match,
    status: 'recording',
    playTimeSeconds: 0,
    blueScore: null,
    redScore: null,
    winner: null,
    players: [],
  };
}

/** Five members who play, the more active ones more often, plus sometimes a sixth who drops out (last). */
function pickLineup(clan: SimClan, random: Random): SimPlayer[] {
  const size = LINEUP_SIZE + (random.chance(DROPOUT_RATE) ? 1 : 0);
  const { members, memberActivity } = clan;
  const chosen: number[] = [];
  const lineup: SimPlayer[] = [];
  for (let tries = 0; lineup.length < size; tries += 1) {
    // One draw picks the member (integer part) and decides whether they show up (fractional part).
    const scaled = random.next() * members.length;
    const index = Math.floor(scaled);
    if ((tries < 50 && scaled - index >= (memberActivity[index] as number)) || chosen.includes(index)) continue;
    chosen.push(index);
    lineup.push(members[index] as SimPlayer);
  }
  return lineup;
}

function strength(clan: SimClan, lineup: readonly SimPlayer[]): number {
  let sum = 0;
  for (let i = 0; i < LINEUP_SIZE; i += 1) sum += (lineup[i] as SimPlayer).skill;
  return clan.skill * 0.6 + sum / LINEUP_SIZE;
}

interface Rounds {
  blueScore: number;
  redScore: number;
  blueDeaths: number;
  redDeaths: number;
}

/** Plays bomb-mission rounds to the target (or to a level score when time runs out) and counts deaths. */
function playRounds(random: Random, blueRoundChance: number): Rounds {
  const rounds: Rounds = { blueScore: 0, redScore: 0, blueDeaths: 0, redDeaths: 0 };
  if (random.chance(DRAW_RATE)) {
    const level = random.int(3, TARGET_ROUNDS - 1);
    for (let i = 0; i < level * 2; i += 1) playRound(rounds, random, i % 2 === 0);
    return rounds;
  }
  while (rounds.blueScore < TARGET_ROUNDS && rounds.redScore < TARGET_ROUNDS) {
    playRound(rounds, random, random.chance(blueRoundChance));
  }
  return rounds;
}

/** One round: the losers mostly get wiped out, the winners lose a few. */
function playRound(rounds: Rounds, random: Random, blueWins: boolean): void {
  const loserDeaths = random.chance(0.7) ? LINEUP_SIZE : random.int(2, LINEUP_SIZE - 1);
  const winnerDeaths = random.int(0, 4);
  if (blueWins) {
    rounds.blueScore += 1;
    rounds.redDeaths += loserDeaths;
    rounds.blueDeaths += winnerDeaths;
  } else {
    rounds.redScore += 1;
    rounds.blueDeaths += loserDeaths;
    rounds.redDeaths += winnerDeaths;
  }
}

function playTime(rounds: Rounds, random: Random): number {
  return SETUP_SECONDS + Math.round((rounds.blueScore + rounds.redScore) * random.between(...ROUND_SECONDS));
}

/** Appends one side's rows: kills and deaths shared out by skill, damage from kills, one sniper most of the time. */
function addTeamRows(
  rows: PlayerMatchRow[],
  side: 'blue' | 'red',
  lineup: readonly SimPlayer[],
  teamKills: number,
  teamDeaths: number,
  random: Random,
): void {
  const size = lineup.length;
  const killWeights: number[] = [];
  const deathWeights: number[] = [];
  const sniperIndex = pickSniper(lineup, random);
  for (let i = 0; i < size; i += 1) {
    const player = lineup[i] as SimPlayer;
    const presence = i < LINEUP_SIZE ? 1 : DROPOUT_PRESENCE;
    killWeights.push(presence * player.killPower * (i === sniperIndex ? 1.15 : 1) * random.between(0.6, 1.4));
    deathWeights.push(presence * player.deathRisk * random.between(0.7, 1.3));
  }
  const kills = apportion(teamKills, killWeights, random);
  const deaths = apportion(teamDeaths, deathWeights, random);
  // Assists follow the same weights as kills: whoever is in the fights gets both.
  const assists = apportion(Math.round(teamKills * random.between(0.25, 0.45)), killWeights, random);
  const first = rows.length;
  let teamDamage = 0;
  for (let i = 0; i < size; i += 1) {
    const player = lineup[i] as SimPlayer;
    const kill = kills[i] ?? 0;
    const assist = assists[i] ?? 0;
    const headshot = Math.min(kill, Math.floor(kill * player.headshotRate + random.next()));
    let damage = Math.round(kill * random.between(95, 125) + assist * 40 + random.between(0, 150));
    const corrected = random.chance(CORRECTED_RATE);
    if (corrected) damage = random.chance(CORRECTED_UNKNOWN_SHARE) ? 0 : Math.round(damage * random.between(0.85, 1.1));
    teamDamage += damage;
    rows.push({
      playerId: player.id,
      nickname: player.nickname,
      side,
      kill,
      death: deaths[i] ?? 0,
      assist,
      headshot,
      damage,
      damagePercent: 0,
      headshotPercent: kill === 0 ? 0 : roundToTenth((headshot / kill) * 100),
      weapon: i === sniperIndex ? 'sniper' : 'rifle',
      dropout: i >= LINEUP_SIZE,
      corrected,
    });
  }
  for (let i = first; i < rows.length; i += 1) {
    const row = rows[i] as PlayerMatchRow;
    row.damagePercent = teamDamage === 0 ? 0 : roundToTenth((row.damage / teamDamage) * 100);
  }
}

/** The lineup slot that carries the sniper rifle: a sniper-minded player if any, else usually someone; -1: none. */
function pickSniper(lineup: readonly SimPlayer[], random: Random): number {
  for (let i = 0; i < LINEUP_SIZE; i += 1) if ((lineup[i] as SimPlayer).sniper) return i;
  return random.chance(0.7) ? random.int(0, LINEUP_SIZE - 1) : -1;
}

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}
