import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** One value in COPY's text format: \N for null, ISO time for dates, and the format's escapes. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * Inserts rows with COPY FROM STDIN (the fastest way into PostgreSQL, several times faster than multi-row
 * INSERT for the per-player rows of thousands of matches). Runs inside the caller's transaction.
 */
export async function copyRows(client: pg.ClientBase, table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  function* lines() {
    let chunk = '';
    for (const row of rows) {
      chunk += `${row.map(copyValue).join('\t')}\n`;
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), stream);
}
