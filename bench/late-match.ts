import type pg from 'pg';
import type { MatchRecord } from '../server/contracts/ingest-record.js';
import { IngestWriter } from '../server/modules/ingest/ingest-writer.js';
import { rebuildAllRatings } from '../server/modules/ingest/rebuild.js';
import { benchDataDir, benchLeagueOptions, holdsBenchLeague, openBenchDatabase } from './lib/bench-league.js';

/**
 * `npm run bench:late`: one match arriving a day late into the benchmark league (built by `npm run bench:ingest`),
 * timed through the real ingest writer, beside a full rating rebuild of the same league in the same run. The late
 * match is a copy of a stored match of the busiest league (its clans, players and lines) under a new id, started a
 * day before that league's newest match, so everything played in that last day is rated again after it. Afterwards
 * the copy is deleted and the rebuild (the timed one) puts the league back as it was, so runs can be repeated.
 */

interface StoredMatch {
  id: number;
  league: MatchRecord['league'];
  map: string | null;
  started_at: Date;
  play_time_seconds: number;
  blue_slug: string;
  red_slug: string;
  blue_score: number | null;
  red_score: number | null;
  winner: MatchRecord['winner'];
}

/** The stored match a day before the newest one of the league with the most matches. */
async function matchADayBeforeTheEnd(pool: pg.Pool): Promise<StoredMatch> {
  const result = await pool.query<StoredMatch>(`
    WITH busiest AS (
      SELECT league_id, max(started_at) AS newest FROM matches WHERE status = 'complete'
      GROUP BY league_id ORDER BY count(*) DESC LIMIT 1
    )
    SELECT m.id, l.slug AS league, m.map, m.started_at, m.play_time_seconds, b.slug AS blue_slug, r.slug AS red_slug,
           m.blue_score, m.red_score, m.winner
    FROM busiest JOIN matches m ON m.league_id = busiest.league_id
    JOIN leagues l ON l.id = m.league_id JOIN clans b ON b.id = m.blue_clan_id JOIN clans r ON r.id = m.red_clan_id
    WHERE m.status = 'complete' AND m.winner IS NOT NULL AND m.started_at <= busiest.newest - interval '1 day'
    ORDER BY m.started_at DESC, m.id DESC LIMIT 1`);
  const match = result.rows[0];
  if (!match) throw new Error('the benchmark league has no match a day before its newest: run `npm run bench:ingest` first');
  return match;
}

/** The stored match as an ingest record under a new id, a moment after the original. */
async function lateCopy(pool: pg.Pool, match: StoredMatch): Promise<MatchRecord> {
  const players = await pool.query<MatchRecord['players'][number]>(`
    SELECT p.enlistment_no AS "playerId", p.nickname, mp.side, mp.kill, mp.death, mp.assist, mp.headshot, mp.damage,
           mp.damage_percent AS "damagePercent", mp.headshot_percent AS "headshotPercent", mp.weapon, mp.dropout, mp.corrected
    FROM match_players mp JOIN players p ON p.id = mp.player_id WHERE mp.match_id = $1 ORDER BY mp.side, p.id`, [match.id]);
  return {
    type: 'match',
    matchId: `late-${Date.now()}`,
    league: match.league,
    map: match.map,
    startedAt: new Date(match.started_at.getTime() + 1000).toISOString(),
    playTimeSeconds: match.play_time_seconds,
    status: 'complete',
    blueClanSlug: match.blue_slug,
    redClanSlug: match.red_slug,
    blueScore: match.blue_score,
    redScore: match.red_score,
    winner: match.winner,
    players: players.rows.map((row) => ({ ...row, damagePercent: Number(row.damagePercent), headshotPercent: Number(row.headshotPercent) })),
  };
}

/** Removes the late copy's rows (clan and player rows carry no foreign keys, so each table is told). */
async function deleteMatch(pool: pg.Pool, externalId: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const match = await client.query<{ id: number }>('SELECT id FROM matches WHERE external_id = $1', [externalId]);
    const id = match.rows[0]?.id;
    if (id !== undefined) {
      await client.query('DELETE FROM match_players WHERE match_id = $1', [id]);
      await client.query('DELETE FROM clan_matches WHERE match_id = $1', [id]);
      await client.query('DELETE FROM matches WHERE id = $1', [id]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const options = benchLeagueOptions();
  const bench = await openBenchDatabase(benchDataDir(options), { fresh: false });
  try {
    if (!(await holdsBenchLeague(bench, options))) throw new Error('no benchmark league of this size: run `npm run bench:ingest` first');
    const original = await matchADayBeforeTheEnd(bench.pool);
    const record = await lateCopy(bench.pool, original);
    const late = await IngestWriter.run(bench.pool, [record]);
    await deleteMatch(bench.pool, record.matchId);
    const rebuild = await rebuildAllRatings(bench.pool);
    console.log(`late match: ${record.league}, started ${record.startedAt} (a day before the league's newest match)`);
    console.log('| step | seconds | matches rated | share of the rebuild |');
    console.log('|---|---:|---:|---:|');
    console.log(`| one match a day late | ${late.seconds.toFixed(2)} | ${late.replayedMatches.toLocaleString('en')} | 1/${Math.round(rebuild.seconds / late.seconds)} |`);
    console.log(`| full rating rebuild | ${rebuild.seconds.toFixed(1)} | ${rebuild.matches.toLocaleString('en')} | 1 |`);
  } finally {
    await bench.close();
  }
}

await main();
