import type {
  ClanRecord, LeagueSlugValue, MatchRecord, PlayerMatchRow, PlayerRecord,
} from '../../contracts/ingest-record.js';
import { MATCH_RESULT, TEAM_SIDES, type MatchDetailResponse, type MatchDetailRow } from './open-api-types.js';
import { UpstreamDataError } from './upstream-errors.js';
import { clanSlugOf } from './upstream-ids.js';

type Side = 'blue' | 'red';
type Winner = NonNullable<MatchRecord['winner']>;

/** What a match detail is converted with. */
export interface MatchConversion {
  /** The division every clan and match of this source belongs to. */
  league: LeagueSlugValue;
  /** The contract player id of a user name (from the ouid when the source knows it). */
  playerIdOf(userName: string): string;
}

/** The records one match detail makes: the clans and players it names (as of its start), then the match. */
export interface MatchRecords {
  clans: ClanRecord[];
  players: PlayerRecord[];
  match: MatchRecord;
}

function malformed(detail: MatchDetailResponse, reason: string): UpstreamDataError {
  return new UpstreamDataError('/match-detail', `match ${detail.match_id}: ${reason}`);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** part / whole x 100 with one decimal; 0 when the whole is 0. */
function percent(part: number, whole: number): number {
  return whole > 0 ? round1((part / whole) * 100) : 0;
}

/** The value most entries share (the first seen wins a tie); undefined for no entries. */
function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  for (const [value, count] of counts) if (best === undefined || count > counts.get(best)!) best = value;
  return best;
}

/** A row's clan name, or null for a player without a clan. */
function clanNameOf(row: MatchDetailRow): string | null {
  return row.clan_name.trim() || null;
}

/** The winning side from each side's majority `match_result`; results that contradict each other are malformed. */
function winnerOf(detail: MatchDetailResponse, blue: MatchDetailRow[], red: MatchDetailRow[]): Winner {
  const blueResult = mostCommon(blue.map((row) => row.match_result));
  const redResult = mostCommon(red.map((row) => row.match_result));
  if (blueResult === MATCH_RESULT.win && redResult === MATCH_RESULT.lose) return 'blue';
  if (blueResult === MATCH_RESULT.lose && redResult === MATCH_RESULT.win) return 'red';
  if (blueResult === MATCH_RESULT.draw && redResult === MATCH_RESULT.draw) return 'draw';
  throw malformed(detail, `results blue '${blueResult}' and red '${redResult}' contradict each other`);
}

/** The clan a side played for: the clan name most of its rows carry. */
function sideClanName(detail: MatchDetailResponse, side: Side, rows: MatchDetailRow[]): string {
  const name = mostCommon(rows.map(clanNameOf).filter((clan) => clan !== null));
  if (name === undefined) throw malformed(detail, `no player with a clan on the ${side} side`);
  return name;
}

/** A side's player rows, with each player's share of the side's damage. */
function playerRows(side: Side, rows: MatchDetailRow[], conversion: MatchConversion): PlayerMatchRow[] {
  const sideDamage = rows.reduce((sum, row) => sum + row.damage, 0);
  return rows.map((row) => ({
    playerId: conversion.playerIdOf(row.user_name),
    nickname: row.user_name,
    side,
    kill: row.kill,
    death: row.death,
    assist: row.assist,
    headshot: row.headshot,
    damage: row.damage,
    damagePercent: percent(row.damage, sideDamage),
    headshotPercent: percent(row.headshot, row.kill),
    // The Open API's match detail names no weapon.
    weapon: 'rifle',
    dropout: false,
    corrected: false,
  }));
}

/**
 * Converts one Open API match detail into contract records: a complete match (the Open API lists finished
 * matches only, gives no round scores and no play time), its clans and its players as of the match's start.
 */
export function matchDetailRecords(detail: MatchDetailResponse, conversion: MatchConversion): MatchRecords {
  const at = new Date(detail.date_match).toISOString();
  const blue = detail.match_detail.filter((row) => TEAM_SIDES[row.team_id] === 'blue');
  const red = detail.match_detail.filter((row) => TEAM_SIDES[row.team_id] === 'red');
  const blueClan = sideClanName(detail, 'blue', blue);
  const redClan = sideClanName(detail, 'red', red);
  const rows = [...playerRows('blue', blue, conversion), ...playerRows('red', red, conversion)];
  if (new Set(rows.map((row) => row.playerId)).size !== rows.length) throw malformed(detail, 'a player appears twice');

  const clanNames = new Set([blueClan, redClan, ...detail.match_detail.map(clanNameOf).filter((clan) => clan !== null)]);
  const clans = [...clanNames].map((name): ClanRecord => (
    { type: 'clan', slug: clanSlugOf(name), name, league: conversion.league, at }
  ));
  const players = detail.match_detail.map((row): PlayerRecord => {
    const clanName = clanNameOf(row);
    return {
      type: 'player',
      playerId: conversion.playerIdOf(row.user_name),
      nickname: row.user_name,
      clanSlug: clanName === null ? null : clanSlugOf(clanName),
      at,
    };
  });
  const match: MatchRecord = {
    type: 'match',
    matchId: detail.match_id,
    league: conversion.league,
    map: detail.match_map?.trim() || null,
    startedAt: at,
    playTimeSeconds: 0,
    status: 'complete',
    blueClanSlug: clanSlugOf(blueClan),
    redClanSlug: clanSlugOf(redClan),
    blueScore: null,
    redScore: null,
    winner: winnerOf(detail, blue, red),
    players: rows,
  };
  return { clans, players, match };
}
