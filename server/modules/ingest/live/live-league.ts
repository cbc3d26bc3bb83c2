import type pg from 'pg';
import type { LeagueSlugValue } from '../../../contracts/ingest-record.js';
import { DEMO_LEAGUE_SEED } from '../../../db/seed.js';
import { IngestWriter } from '../ingest-writer.js';
import { generateLeague } from '../simulated/league-generator.js';
import type { LeagueOptions } from '../simulated/league-options.js';
import { createLivePlayer, type LivePlayer, type StoredRecordingMatch } from '../simulated/live-matches.js';
import type { Announce } from '../data-changes.js';
import { markIngestRunning } from '../ingest-running.js';

interface Logger {
  info(message: string): void;
  warn(details: object, message: string): void;
}

export interface LiveLeagueOptions {
  pool: pg.Pool;
  intervalSeconds: number;
  logger: Logger;
  /** The clock (tests move it by hand). */
  now?: () => Date;
  /** How readers are told of each interval's change (the server's own, so its pages follow at once). */
  announce?: Announce;
  /** Told how long each interval's write took, once it is done (the live bench reports them). */
  onInterval?(seconds: number): void;
  /** How the stored league was generated (default: the demo seed's); its end time is read from the database. */
  league?: Omit<LeagueOptions, 'endAt'>;
}

export interface LiveLeague {
  /** Plays one interval now: completes the matches whose time has passed and starts a new one. */
  tick(): Promise<void>;
  /** Stops the interval and waits for a tick in progress. */
  stop(): Promise<void>;
}

/** The newest match the generator made ('sim-<n>'): the demo league was generated to end at its start. */
async function findGeneratedLeagueEnd(pool: pg.Pool): Promise<Date | undefined> {
  const result = await pool.query<{ started_at: Date }>(
    `SELECT started_at FROM matches WHERE external_id ~ '^sim-[0-9]+$' ORDER BY started_at DESC LIMIT 1`,
  );
  return result.rows[0]?.started_at;
}

/** Regenerates the demo league's final state (deterministic from seed and end time) to continue from it. */
function resumeLeague(league: Omit<LeagueOptions, 'endAt'>, endAt: Date): LivePlayer {
  const stream = generateLeague({ ...league, endAt });
  for (const record of stream) void record;
  return createLivePlayer({ state: stream.state });
}

/** Live matches an earlier server process started and never completed (it stopped while they were recording). */
async function findUnfinishedLiveMatches(pool: pg.Pool): Promise<StoredRecordingMatch[]> {
  const result = await pool.query<{ external_id: string; league: LeagueSlugValue; blue: string; red: string; started_at: Date }>(
    `SELECT m.external_id, l.slug AS league, b.slug AS blue, r.slug AS red, m.started_at
     FROM matches m
     JOIN leagues l ON l.id = m.league_id
     JOIN clans b ON b.id = m.blue_clan_id
     JOIN clans r ON r.id = m.red_clan_id
     WHERE m.status = 'recording' AND m.external_id LIKE 'sim-live-%'
     ORDER BY m.started_at, m.id`,
  );
  return result.rows.map((row) => ({
    matchId: row.external_id,
    league: row.league,
    blueClanSlug: row.blue,
    redClanSlug: row.red,
    startedAt: row.started_at,
  }));
}

/** Clans with a match still recording are the ones ingest is working on: the pages show them as updating. */
async function markRecordingClans(pool: pg.Pool, player: LivePlayer, announce: Announce | undefined): Promise<void> {
  const slugs = player.recordingClanSlugs();
  if (slugs.length === 0) return;
  const clans = await pool.query<{ id: number }>('SELECT id FROM clans WHERE slug = ANY($1)', [slugs]);
  await markIngestRunning(pool, clans.rows.map((row) => row.id), true, announce);
}

/**
 * INGEST_LIVE: keeps the simulated demo league playing. Each interval one match starts ('recording'; its clans
 * show as updating) and the matches whose play time has passed are completed, rated and announced, through the
 * same ingest writer as every other source. Returns undefined when the database holds no simulated league.
 */
export async function startLiveLeague(options: LiveLeagueOptions): Promise<LiveLeague | undefined> {
  const { pool, logger, announce } = options;
  const now = options.now ?? (() => new Date());
  const endAt = await findGeneratedLeagueEnd(pool);
  if (!endAt) {
    logger.info('INGEST_LIVE: the database holds no simulated league (sim-* matches); live matches stay off');
    return undefined;
  }
  const player = resumeLeague(options.league ?? { seed: DEMO_LEAGUE_SEED }, endAt);
  player.resume(await findUnfinishedLiveMatches(pool));
  let running: Promise<void> | undefined;

  const playInterval = async () => {
    const started = performance.now();
    await IngestWriter.run(pool, player.tick(now()), { announce });
    await markRecordingClans(pool, player, announce);
    options.onInterval?.((performance.now() - started) / 1000);
  };
  const tick = () => {
    // One interval at a time: a slow write is never overtaken by the next tick.
    running ??= playInterval()
      .catch((error: unknown) => logger.warn({ err: error }, 'INGEST_LIVE: a live interval failed; the next one retries'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), options.intervalSeconds * 1000);
  timer.unref();
  logger.info(`INGEST_LIVE: a new match every ${options.intervalSeconds} s`);

  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
