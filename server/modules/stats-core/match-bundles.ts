import type { StatsCore } from './stats-core.js';
import type { Database } from '../../db/client.js';
import type { ClanIdentity } from './clan-directory.js';
import { Prisma } from '../../db/generated/client.js';
import { DEFAULT_RATING } from '../rating/elo.js';
import type { MatchResult, Side, Winner } from '../rating/match-result.js';

/** One clan's view of a match (clan_matches). */
export interface ClanSideRow {
  clanId: number;
  side: Side;
  result: MatchResult | null;
  ratingBefore: number | null;
  ratingAfter: number | null;
}

/** One player's row of a match (match_players) with the public player id. */
export interface PlayerSideRow {
  playerInternalId: number;
  playerId: string;
  nickname: string;
  side: Side;
  clanId: number;
  kill: number;
  death: number;
  assist: number;
  headshot: number;
  damage: number;
  damagePercent: number;
  headshotPercent: number;
  weapon: 'rifle' | 'sniper';
  isMvp: boolean;
  corrected: boolean;
  dropout: boolean;
  result: MatchResult | null;
  ratingBefore: number | null;
  ratingAfter: number | null;
}

/** A match with both clans' views, its player rows and its clans: everything a list row or a detail shows. */
export interface MatchBundle {
  id: number;
  matchId: string;
  leagueId: number;
  leagueSlug: string;
  map: string | null;
  startedAt: Date;
  playTimeSeconds: number;
  status: 'recording' | 'complete';
  blueScore: number | null;
  redScore: number | null;
  winner: Winner | null;
  clans: Record<Side, ClanIdentity>;
  /** Each clan's current rating in the match's league (the default before its first rated match there). */
  clanRatings: Record<Side, number>;
  sides: Partial<Record<Side, ClanSideRow>>;
  players: PlayerSideRow[];
}

interface MatchSqlRow {
  id: number;
  external_id: string;
  league_id: number;
  league_slug: string;
  map: string | null;
  started_at: Date;
  play_time_seconds: number;
  status: 'recording' | 'complete';
  blue_clan_id: number;
  red_clan_id: number;
  blue_score: number | null;
  red_score: number | null;
  winner: Winner | null;
  blue_clan_rating: number | null;
  red_clan_rating: number | null;
}

interface ClanSideSqlRow {
  match_id: number;
  clan_id: number;
  side: Side;
  result: MatchResult | null;
  rating_before: number | null;
  rating_after: number | null;
}

interface PlayerSideSqlRow {
  match_id: number;
  player_id: number;
  enlistment_no: string;
  nickname: string;
  side: Side;
  clan_id: number;
  kill: number;
  death: number;
  assist: number;
  headshot: number;
  damage: number;
  damage_percent: number;
  headshot_percent: number;
  weapon: 'rifle' | 'sniper';
  is_mvp: boolean;
  corrected: boolean;
  dropout: boolean;
  result: MatchResult | null;
  rating_before: number | null;
  rating_after: number | null;
}

function toPlayerRow(row: PlayerSideSqlRow): PlayerSideRow {
  return {
    playerInternalId: row.player_id,
    playerId: row.enlistment_no,
    nickname: row.nickname,
    side: row.side,
    clanId: row.clan_id,
    kill: row.kill,
    death: row.death,
    assist: row.assist,
    headshot: row.headshot,
    damage: row.damage,
    damagePercent: row.damage_percent,
    headshotPercent: row.headshot_percent,
    weapon: row.weapon,
    isMvp: row.is_mvp,
    corrected: row.corrected,
    dropout: row.dropout,
    result: row.result,
    ratingBefore: row.rating_before,
    ratingAfter: row.rating_after,
  };
}

/** The player rows of matches by internal match id: blue before red, most kills first, then by player id. */
export async function loadPlayerSideRows(prisma: Database, ids: readonly number[]): Promise<Map<number, PlayerSideRow[]>> {
  const rows = await prisma.$queryRaw<PlayerSideSqlRow[]>`
    SELECT mp.match_id, mp.player_id, p.enlistment_no, mp.nickname, mp.side::text AS side, mp.clan_id, mp.kill,
           mp.death, mp.assist, mp.headshot, mp.damage, mp.damage_percent, mp.headshot_percent,
           mp.weapon::text AS weapon, mp.is_mvp, mp.corrected, mp.dropout, mp.result::text AS result,
           mp.rating_before, mp.rating_after
    FROM match_players mp JOIN players p ON p.id = mp.player_id
    WHERE mp.match_id = ANY(${[...ids]}::int[])
    ORDER BY mp.match_id, mp.side, mp.kill DESC, p.enlistment_no`;
  const byMatch = new Map<number, PlayerSideRow[]>();
  for (const row of rows) {
    const list = byMatch.get(row.match_id) ?? [];
    list.push(toPlayerRow(row));
    byMatch.set(row.match_id, list);
  }
  return byMatch;
}

/** A match as the bundle statement returns it: its row with both clan views and its player rows, as JSON. */
export interface MatchBundleJson extends Omit<MatchSqlRow, 'started_at'> {
  started_at: string;
  sides: ClanSideSqlRow[] | null;
  players: PlayerSideSqlRow[] | null;
}

/**
 * One JSON object per match of `matches m` (whatever the statement's FROM narrows it to): the match with its league
 * slug, both clans' current ratings, both clan views and its player rows (blue before red, most kills first, then
 * by player id). PostgreSQL builds it, so a page of matches is one statement and one value to parse, not three
 * result sets of rows mapped field by field.
 */
export const MATCH_BUNDLE_JSON = Prisma.sql`json_build_object(
    'id', m.id, 'external_id', m.external_id, 'league_id', m.league_id,
    'league_slug', (SELECT slug FROM leagues WHERE id = m.league_id), 'map', m.map, 'started_at', m.started_at,
    'play_time_seconds', m.play_time_seconds, 'status', m.status, 'blue_clan_id', m.blue_clan_id,
    'red_clan_id', m.red_clan_id, 'blue_score', m.blue_score, 'red_score', m.red_score, 'winner', m.winner,
    'blue_clan_rating', (SELECT rating FROM clan_stats WHERE clan_id = m.blue_clan_id AND league_id = m.league_id),
    'red_clan_rating', (SELECT rating FROM clan_stats WHERE clan_id = m.red_clan_id AND league_id = m.league_id),
    'sides', (SELECT json_agg(side_row) FROM (
      SELECT match_id, clan_id, side, result, rating_before, rating_after FROM clan_matches WHERE match_id = m.id
    ) side_row),
    'players', (SELECT json_agg(player_row ORDER BY player_row.side, player_row.kill DESC, player_row.enlistment_no) FROM (
      SELECT mp.match_id, mp.player_id, p.enlistment_no, mp.nickname, mp.side, mp.clan_id,
             mp.kill, mp.death, mp.assist, mp.headshot, mp.damage, mp.damage_percent, mp.headshot_percent, mp.weapon,
             mp.is_mvp, mp.corrected, mp.dropout, mp.result, mp.rating_before, mp.rating_after
      FROM match_players mp JOIN players p ON p.id = mp.player_id WHERE mp.match_id = m.id
    ) player_row))`;

/** Bundles from the statement's JSON objects, in the order given; a match whose clans are unknown is left out. */
export async function bundlesFromJson(core: StatsCore, matches: readonly MatchBundleJson[]): Promise<MatchBundle[]> {
  const clans = await core.clans.byIds(matches.flatMap((match) => [match.blue_clan_id, match.red_clan_id]));
  const bundles: MatchBundle[] = [];
  for (const match of matches) {
    const blue = clans.get(match.blue_clan_id);
    const red = clans.get(match.red_clan_id);
    if (!blue || !red) continue; // clans are never deleted while their matches exist
    const sides: MatchBundle['sides'] = {};
    for (const row of match.sides ?? []) {
      sides[row.side] = { clanId: row.clan_id, side: row.side, result: row.result, ratingBefore: row.rating_before, ratingAfter: row.rating_after };
    }
    bundles.push({
      id: match.id,
      matchId: match.external_id,
      leagueId: match.league_id,
      leagueSlug: match.league_slug,
      map: match.map,
      startedAt: new Date(match.started_at),
      playTimeSeconds: match.play_time_seconds,
      status: match.status,
      blueScore: match.blue_score,
      redScore: match.red_score,
      winner: match.winner,
      clans: { blue, red },
      clanRatings: { blue: match.blue_clan_rating ?? DEFAULT_RATING, red: match.red_clan_rating ?? DEFAULT_RATING },
      sides,
      players: (match.players ?? []).map(toPlayerRow),
    });
  }
  return bundles;
}

const bundleRows = (rows: { bundle: MatchBundleJson }[]) => rows.map((row) => row.bundle);

/**
 * Loads matches by internal id with their clan views, player rows, clans and the clans' current ratings: one
 * statement however many matches a page holds. The map keeps only matches that exist.
 */
export async function loadMatchBundles(core: StatsCore, ids: readonly number[]): Promise<Map<number, MatchBundle>> {
  if (ids.length === 0) return new Map();
  const rows = await core.prisma.$queryRaw<{ bundle: MatchBundleJson }[]>`
    SELECT ${MATCH_BUNDLE_JSON} AS bundle FROM matches m WHERE m.id = ANY(${[...ids]}::int[])`;
  const bundles = await bundlesFromJson(core, bundleRows(rows));
  return new Map(bundles.map((bundle) => [bundle.id, bundle]));
}

/** Matches by public id, as loadMatchBundles loads them (one statement); the map keeps only matches that exist. */
export async function loadMatchBundlesByPublicIds(core: StatsCore, matchIds: readonly string[]): Promise<Map<string, MatchBundle>> {
  if (matchIds.length === 0) return new Map();
  const rows = await core.prisma.$queryRaw<{ bundle: MatchBundleJson }[]>`
    SELECT ${MATCH_BUNDLE_JSON} AS bundle FROM matches m WHERE m.external_id = ANY(${[...matchIds]}::text[])`;
  const bundles = await bundlesFromJson(core, bundleRows(rows));
  return new Map(bundles.map((bundle) => [bundle.matchId, bundle]));
}

/** One match by its public id, as loadMatchBundles loads it (one statement); undefined when there is none. */
export async function loadMatchBundleByPublicId(core: StatsCore, matchId: string): Promise<MatchBundle | undefined> {
  return (await loadMatchBundlesByPublicIds(core, [matchId])).get(matchId);
}
