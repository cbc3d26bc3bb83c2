import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import Compile from 'typebox/compile';
import { ConfigError } from '../../config.js';
import { ClanRecord, MatchRecord, PlayerRecord, type IngestRecord } from '../../contracts/ingest-record.js';
import { matchRecordProblem } from './match-record-rules.js';

/** One compiled check per record type, so an error names the fields of the type the line says it is. */
const CHECKS = { clan: Compile(ClanRecord), player: Compile(PlayerRecord), match: Compile(MatchRecord) };

/**
 * A line of an NDJSON file that is not a valid record. The import stops there: batches before it are saved,
 * nothing of its own batch is, and running the import again after fixing the line finishes the job.
 */
export class NdjsonLineError extends ConfigError {
  constructor(readonly lineNumber: number, reason: string) {
    super(`line ${lineNumber} of the file: ${reason}`);
    this.name = 'NdjsonLineError';
  }
}

/**
 * Reads ingest records from an NDJSON file (docs/ingest.md), one per line; blank lines are skipped.
 * `onBytes` hears how many bytes of the file have been read so far (for a progress bar).
 */
export async function* readNdjsonRecords(path: string, onBytes?: (bytesRead: number) => void): AsyncGenerator<IngestRecord> {
  const input = createReadStream(path, 'utf8');
  if (onBytes) input.on('data', () => onBytes(input.bytesRead));
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new NdjsonLineError(lineNumber, 'not valid JSON');
    }
    const type = (value as { type?: unknown } | null)?.type;
    const check = typeof type === 'string' ? CHECKS[type as keyof typeof CHECKS] : undefined;
    if (!check) throw new NdjsonLineError(lineNumber, 'type must be "clan", "player" or "match"');
    if (!check.Check(value)) {
      const first = [...check.Errors(value)][0];
      throw new NdjsonLineError(lineNumber, `${type} record ${first?.instancePath || ''} ${first?.message ?? 'is not valid'}`.replace(/  +/g, ' '));
    }
    const problem = type === 'match' ? matchRecordProblem(value as MatchRecord) : null;
    if (problem) throw new NdjsonLineError(lineNumber, `match record: ${problem}`);
    yield value as IngestRecord;
  }
}
