import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, type AppConfig } from '../../../config.js';
import { runDatabaseCommand } from '../../../db/cli/run-cli.js';
import { ensureLeagues } from '../../../db/seed.js';
import type { IngestRecord } from '../../../contracts/ingest-record.js';
import { IngestWriter } from '../ingest-writer.js';
import { readNdjsonRecords } from '../ndjson-source.js';
import { storedExternalIds } from '../store/match-store.js';
import { upstreamClientFor } from '../../game-api/upstream-client.js';
import { createUpstreamSource } from '../upstream-source.js';
import { createProgressBar } from './progress.js';

// `npm run ingest -- --file matches.ndjson`: imports an NDJSON file (docs/ingest.md).
// `npm run ingest -- --source upstream`: fetches the tracked players' new clan matches from the game's Open API
// (UPSTREAM_* variables). Either way re-running changes nothing; older matches make their league replay.
const { values } = parseArgs({ options: { file: { type: 'string' }, source: { type: 'string' } } });

function upstreamRecords(config: AppConfig, pool: pg.Pool): AsyncIterable<IngestRecord> {
  const { upstream } = config;
  if (upstream.trackedPlayers.length === 0) {
    throw new ConfigError('Set UPSTREAM_TRACKED_PLAYERS to the user names whose clan matches to follow.');
  }
  return createUpstreamSource(upstreamClientFor(upstream), {
    trackedPlayers: upstream.trackedPlayers,
    league: upstream.league,
    knownMatchIds: (ids) => storedExternalIds(pool, ids),
    onUnknownPlayer: (name) => console.warn(`upstream does not know the player "${name}"; skipped`),
  }).records();
}

/** The records to import, and the share of them read so far when that can be known (a file's bytes). */
async function chooseSource(config: AppConfig, pool: pg.Pool): Promise<{ records: AsyncIterable<IngestRecord>; share?: () => number }> {
  if (values.source === 'upstream') return { records: upstreamRecords(config, pool) };
  if (values.source !== undefined && values.source !== 'file') {
    throw new ConfigError(`Unknown source "${values.source}": use --file <matches.ndjson> or --source upstream.`);
  }
  if (!values.file) throw new ConfigError('Name the file to import: npm run ingest -- --file <matches.ndjson> (or --source upstream)');
  const size = (await stat(values.file).catch(() => undefined))?.size;
  if (size === undefined) throw new ConfigError(`Cannot read the file ${values.file}.`);
  let bytesRead = 0;
  return {
    records: readNdjsonRecords(values.file, (bytes) => (bytesRead = bytes)),
    share: () => (size === 0 ? 1 : bytesRead / size),
  };
}

await runDatabaseCommand(async (database, config) => {
  await ensureLeagues(database.prisma);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const source = await chooseSource(config, pool);
    const progress = createProgressBar('matches', undefined, { share: source.share });
    const summary = await IngestWriter.run(pool, source.records, { onProgress: progress.update });
    progress.done();
    console.log(
      `${summary.matches} matches read (${summary.newMatches} new, ${summary.changedMatches} changed, ` +
        `${summary.unchangedMatches} unchanged), ${summary.players} players, ${summary.clans} clans in ` +
        `${summary.seconds.toFixed(1)} s` +
        (summary.replayedLeagues.length
          ? `; ratings replayed for ${summary.replayedLeagues.join(', ')} (${summary.replayedMatches} matches)`
          : ''),
    );
  } finally {
    await pool.end();
  }
});
