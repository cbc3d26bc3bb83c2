import pg from 'pg';

/** A statement the app sent, with its parameters. */
export interface CapturedQuery {
  text: string;
  values: unknown[];
}

const captured: CapturedQuery[] = [];
let capturing = false;
const originalQuery = pg.Client.prototype.query;

/**
 * Records every SELECT (or WITH) the app sends while `work` runs: the app must run in this process (the Prisma
 * client's driver adapter sends through node-postgres). The bench explains them; the tests count them.
 */
export async function captureQueries(work: () => Promise<void>): Promise<CapturedQuery[]> {
  captured.length = 0;
  capturing = true;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function patched(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    const values = (typeof first === 'object' && first && 'values' in first ? (first as { values?: unknown[] }).values : second) as unknown[] | undefined;
    if (capturing && text && /^\s*(SELECT|WITH)\b/i.test(text)) captured.push({ text, values: Array.isArray(values) ? values : [] });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  };
  try {
    await work();
  } finally {
    capturing = false;
    pg.Client.prototype.query = originalQuery;
  }
  return [...captured];
}
