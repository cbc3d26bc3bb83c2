import pg from 'pg';
import { IngestWriter, type IngestSummary } from './ingest-writer.js';
import type { Announce } from './data-changes.js';
import { markIngestRunning } from './ingest-running.js';
import { storedExternalIds } from './store/match-store.js';
import type { UpstreamClient } from '../game-api/upstream-client.js';
import { createUpstreamSource } from './upstream-source.js';
import { DEFAULT_LEAGUE, LEAGUE_CATALOG, type LeagueSlug } from '../stats-core/league-catalog.js';
import type { ClanIdentity } from '../stats-core/clan-directory.js';

/** Where a clan's newest records are fetched from on request (the clan page's record update). */
export interface ClanRecordSource {
  /** Fetches the clan's newest matches into the database; IngestLockBusyError when another run holds ingest. */
  fetchNewest(clan: ClanIdentity): Promise<IngestSummary>;
  close(): Promise<void>;
}

/**
 * How many of the clan's most recently seen members the upstream is asked about: the Open API lists matches per
 * player only (GET /id and GET /match per name), and a few active members see every recent clan match.
 */
const TRACKED_MEMBERS = 5;
/** How long a refresh waits for another ingest run before answering 409. */
const INGEST_WAIT_MS = 3000;

/** A stored league slug as the catalogue's type (leagues are seeded from the catalogue). */
function catalogSlug(slug: string): LeagueSlug {
  return LEAGUE_CATALOG.find((league) => league.slug === slug)?.slug ?? DEFAULT_LEAGUE;
}

/**
 * The game's Open API as a clan's record source: the newest clan matches of its most recently seen members, through
 * the upstream ingest source and the ingest writer (so they are stored, rated and announced like any ingest),
 * with the clan marked running ('updating') while it works. Records count for the clan's own division.
 */
export function upstreamClanRecords(client: UpstreamClient, databaseUrl: string, announce: Announce): ClanRecordSource {
  // Its own small pool: the ingest writer works on pg connections, and a refresh holds one while it runs.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    async fetchNewest(clan) {
      const members = await pool.query<{ nickname: string }>(
        'SELECT nickname FROM players WHERE clan_id = $1 ORDER BY last_seen_at DESC NULLS LAST, id LIMIT $2',
        [clan.id, TRACKED_MEMBERS],
      );
      await markIngestRunning(pool, [clan.id], true, announce);
      try {
        const source = createUpstreamSource(client, {
          trackedPlayers: members.rows.map((row) => row.nickname),
          league: catalogSlug(clan.leagueSlug),
          knownMatchIds: (ids) => storedExternalIds(pool, ids),
        });
        return await IngestWriter.run(pool, source.records(), { lockWaitMs: INGEST_WAIT_MS, announce });
      } finally {
        await markIngestRunning(pool, [clan.id], false, announce);
      }
    },
    close: () => pool.end(),
  };
}
