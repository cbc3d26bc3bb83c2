import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError } from '../../../config.js';
import { runDatabaseCommand } from '../../../db/cli/run-cli.js';
import { ensureLeagues } from '../../../db/seed.js';
import { IngestWriter } from '../ingest-writer.js';
import { readNdjsonRecords } from '../ndjson-source.js';
import { createProgressBar } from './progress.js';

// `npm run ingest -- --file matches.ndjson`: imports an NDJSON file (docs/ingest.md). Re-importing a file
// changes nothing; matches older than the newest stored ones make their league's ratings replay.
const { values } = parseArgs({ options: { file: { type: 'string' } } });

await runDatabaseCommand(async (database) => {
  if (!values.file) throw new ConfigError('Name the file to import: npm run ingest -- --file <matches.ndjson>');
  await ensureLeagues(database.prisma);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const progress = createProgressBar('matches', undefined);
  try {
    const summary = await IngestWriter.run(pool, readNdjsonRecords(values.file), { onProgress: progress.update });
    progress.done();
    console.log(
      `${summary.matches} matches read (${summary.newMatches} new, ${summary.changedMatches} changed, ` +
        `${summary.unchangedMatches} unchanged), ${summary.players} players, ${summary.clans} clans in ` +
        `${summary.seconds.toFixed(1)} s` +
        (summary.replayedLeagues.length ? `; ratings replayed for ${summary.replayedLeagues.join(', ')}` : ''),
    );
  } finally {
    await pool.end();
  }
});
