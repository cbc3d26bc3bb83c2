import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Announce } from '../data-changes.js';
import { startLiveLeague } from './live-league.js';

export interface LiveIngest {
  stop(): Promise<void>;
}

/** The server's INGEST_LIVE loop on a small pool of its own; stopping waits for the interval in progress. */
export async function startLiveIngest(
  databaseUrl: string,
  intervalSeconds: number,
  logger: FastifyBaseLogger,
  announce: Announce,
): Promise<LiveIngest> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const league = await startLiveLeague({
    pool,
    intervalSeconds,
    announce,
    logger: { info: (message) => logger.info(message), warn: (details, message) => logger.warn(details, message) },
  }).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  return {
    async stop() {
      await league?.stop();
      await pool.end();
    },
  };
}
