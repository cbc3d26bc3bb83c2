import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MatchRecord, PlayerMatchRow } from '../../server/contracts/ingest-record.js';
import { ensureLeagues } from '../../server/db/seed.js';
import { IngestWriter } from '../../server/modules/ingest/ingest-writer.js';
import { rebuildAllRatings } from '../../server/modules/ingest/rebuild.js';
import { leagueFigures } from '../helpers/league-figures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * A replay from a late match starts from the kept figures less what the rows from its moment on added. A small
 * league written by hand puts there what a naive subtraction gets wrong: a streak longer than the last 20 results
 * reaching across the moment, a late loss breaking a streak, peak and lowest first reached after the moment, a
 * player whose first match comes after it, a changed match that drops a player (whose figures must go) and turns
 * its result, draws, dropouts (one player seen only as a dropout), MVPs and records against opponents, owners with
 * no row after the moment, and a run longer than the last 20 that the later rows break (its length is then read
 * from the owner's history). Every figure table must end where a full rebuild of the same rows ends.
 */

const maintenanceUrl = inject('maintenanceUrl');
const START = Date.parse('2026-10-01T00:00:00Z');
const HOUR = 3_600_000;

/** A player row: kills vary with the player and the hour, so the MVP and the combat totals differ from match to match. */
function row(playerId: string, side: 'blue' | 'red', hour: number, dropout = false): PlayerMatchRow {
  const kill = (Number(playerId.slice(-1)) * 3 + Math.floor(hour)) % 11;
  return {
    playerId, nickname: `p${playerId}`, side, kill, death: (Math.floor(hour) + 4) % 7, assist: Math.floor(hour) % 5, headshot: Math.floor(kill / 2),
    damage: kill * 100, damagePercent: 30, headshotPercent: kill === 0 ? 0 : 50, weapon: 'rifle', dropout, corrected: false,
  };
}

/** A finished match at `hour` after the start: the blue clan's players against the red clan's, `winner` by the score. */
function match(
  id: string, hour: number, blue: string, red: string, winner: 'blue' | 'red' | 'draw',
  bluePlayers: string[], redPlayers: string[], dropouts: string[] = [],
): MatchRecord {
  const [blueScore, redScore] = winner === 'blue' ? [3, 1] : winner === 'red' ? [1, 3] : [2, 2];
  return {
    type: 'match', matchId: id, league: 'sal-beginner', map: 'desert', startedAt: new Date(START + hour * HOUR).toISOString(),
    playTimeSeconds: 600, status: 'complete', blueClanSlug: blue, redClanSlug: red, blueScore, redScore, winner,
    players: [
      ...bluePlayers.map((playerId) => row(playerId, 'blue', hour, dropouts.includes(playerId))),
      ...redPlayers.map((playerId) => row(playerId, 'red', hour, dropouts.includes(playerId))),
    ],
  };
}

const A = ['10001', '10002', '10003'];
const B = ['20001', '20002', '20003'];
const C = ['30001', '30002', '30003'];
const D = ['40001', '40002', '40003'];

/** Clan a beats clan b 22 times in a row, and c beats b once: both streaks are longer than the last 20 results. */
const opening = [
  ...Array.from({ length: 22 }, (_, hour) => match(`open-${hour}`, hour, 'late-a', 'late-b', 'blue', A, B)),
  match('open-c', 5.5, 'late-c', 'late-b', 'blue', C, B),
];
/** The late match: a loses to d in the middle of its winning run (its first meeting with d). */
const late = match('late', 21.5, 'late-d', 'late-a', 'blue', D, A);
/** Played after the late match's moment, stored before it arrives. */
const after = [
  match('draw', 22, 'late-c', 'late-d', 'draw', C, D),
  // A new player (10005) and two dropouts: one with figures (10001), one seen only as a dropout (10004).
  match('a-b', 23, 'late-a', 'late-b', 'blue', ['10001', '10002', '10004', '10005'], B, ['10001', '10004']),
  match('c-d', 24, 'late-c', 'late-d', 'blue', C, D),
  match('a-d', 26, 'late-a', 'late-d', 'blue', A, D),
];
/**
 * A match after the moment as first stored (b wins; 20004's only match; 20003's last against c) and as corrected
 * (20002 and 20005 instead, c wins): 20004's figures go, 20003's last match against c is the one before the moment.
 */
const changed = match('b-c', 25, 'late-b', 'late-c', 'blue', ['20001', '20003', '20004'], C);
const corrected = match('b-c', 25, 'late-b', 'late-c', 'red', ['20001', '20002', '20005'], C);

describe('a late match replayed from the kept figures', () => {
  let db: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase(maintenanceUrl);
    await ensureLeagues(db.prisma);
    pool = new pg.Pool({ connectionString: db.url, max: 3 });
  });

  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const streakOf = async (slug: string) =>
    (await pool.query(`SELECT s.streak FROM clan_stats s JOIN clans c ON c.id = s.clan_id WHERE c.slug = $1`, [slug])).rows[0]?.streak;
  const playerFigures = async (enlistmentNo: string) =>
    (await pool.query(`SELECT s.matches FROM player_stats s JOIN players p ON p.id = s.player_id WHERE p.enlistment_no = $1`, [enlistmentNo])).rows;

  it('ends where a full rebuild of the same rows ends, in every figure table', async () => {
    await IngestWriter.run(pool, [...opening, ...after, changed].sort((x, y) => x.startedAt.localeCompare(y.startedAt)));
    expect(await streakOf('late-a')).toBe(24);
    expect(await playerFigures('20004')).toHaveLength(1);

    const summary = await IngestWriter.run(pool, [late, corrected]);
    expect(summary).toMatchObject({ newMatches: 1, changedMatches: 1, replayedLeagues: ['sal-beginner'], replayedMatches: 6 });
    // The late loss broke a's run of 24; b lost its changed match, a run of 25 losses reaching back before the moment.
    expect(await streakOf('late-a')).toBe(2);
    expect(await streakOf('late-b')).toBe(-25);
    expect(await playerFigures('20004')).toEqual([]);
    expect(await playerFigures('10004')).toEqual([]);
    expect(await playerFigures('10005')).toEqual([{ matches: 1 }]);

    const replayed = await leagueFigures(pool);
    await rebuildAllRatings(pool);
    expect(replayed).toEqual(await leagueFigures(pool));
  });

  it('a second late match into the replayed league again ends where a full rebuild ends', async () => {
    // Before the opening run ends: the state before it is read back from rows the first replay left.
    const earlier = match('earlier', 10.5, 'late-c', 'late-b', 'draw', C, ['20001', '20003', '20005'], ['20003']);
    await IngestWriter.run(pool, [earlier]);
    const replayed = await leagueFigures(pool);
    await rebuildAllRatings(pool);
    expect(replayed).toEqual(await leagueFigures(pool));
  });

  it('a late match among owners with no later rows, beside a run the later rows break, ends where a full rebuild ends', async () => {
    // After everything above: e beats f 21 times, then loses to f; g and h meet once in between.
    const [E, F, G, H] = ['5', '6', '7', '8'].map((clan) => [`${clan}0001`, `${clan}0002`, `${clan}0003`]) as [string[], string[], string[], string[]];
    await IngestWriter.run(pool, [
      ...Array.from({ length: 21 }, (_, index) => match(`e-f-${index}`, 30 + index, 'late-e', 'late-f', 'blue', E, F)),
      match('g-h', 40.5, 'late-g', 'late-h', 'blue', G, H),
      match('f-e', 52, 'late-f', 'late-e', 'blue', F, E),
    ]);
    expect(await streakOf('late-e')).toBe(-1);

    // Late between e's last two: g and h (and their players) have no row after it, e's run of 21 wins is known
    // only up to the 19 its last 20 still hold, and the later loss breaks it.
    const summary = await IngestWriter.run(pool, [match('g-h-late', 51, 'late-h', 'late-g', 'draw', H, G)]);
    expect(summary).toMatchObject({ newMatches: 1, replayedMatches: 2 });
    expect(await streakOf('late-g')).toBe(0);
    const replayed = await leagueFigures(pool);
    await rebuildAllRatings(pool);
    expect(replayed).toEqual(await leagueFigures(pool));
  });
});
