import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { parseLeagueArgs } from './league-args.js';
import { generateLeague } from './league-generator.js';

/**
 * Writes a simulated league as NDJSON (the `npm run ingest -- --file` format) to --out or stdout:
 *   npx tsx server/modules/ingest/simulated/generate-ndjson.ts --players 100000 --matches 1000000 --out big.ndjson
 */
async function main(): Promise<void> {
  const { options, out } = parseLeagueArgs(process.argv.slice(2));
  const target: Writable = out ? createWriteStream(out) : process.stdout;
  let chunk = '';
  for (const record of generateLeague(options)) {
    chunk += `${JSON.stringify(record)}\n`;
    if (chunk.length < 1 << 16) continue;
    if (!target.write(chunk)) await once(target, 'drain');
    chunk = '';
  }
  target.write(chunk);
  if (out) {
    target.end();
    await once(target, 'finish');
  }
}

await main();
