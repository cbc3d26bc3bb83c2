import pg from 'pg';

interface CapturedQuery {
  text: string;
  values: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface PlanFinding {
  /** The most rows one plan node read and threw away by a filter (times its loops). */
  rowsRemovedByFilter: number;
  /** Where: node type and relation, and the start of the statement. */
  where: string;
}

const captured: CapturedQuery[] = [];
let capturing = false;
const originalQuery = pg.Client.prototype.query;

/** Records every SELECT the app sends while `capture` runs (the bench server runs in this process). */
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

function worstNode(node: PlanNode, statement: string): PlanFinding {
  const removed = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
  let worst: PlanFinding = {
    rowsRemovedByFilter: removed,
    where: `${node['Node Type']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}: ${statement.replace(/\s+/g, ' ').slice(0, 90)}`,
  };
  for (const child of node.Plans ?? []) {
    const finding = worstNode(child, statement);
    if (finding.rowsRemovedByFilter > worst.rowsRemovedByFilter) worst = finding;
  }
  return worst;
}

/** Runs EXPLAIN ANALYZE for each captured statement and returns the worst filtering node. */
export async function worstFilter(pool: pg.Pool, queries: CapturedQuery[]): Promise<PlanFinding> {
  let worst: PlanFinding = { rowsRemovedByFilter: 0, where: '-' };
  for (const query of queries) {
    const result = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`, query.values);
    const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) continue;
    const finding = worstNode(plan, query.text);
    if (finding.rowsRemovedByFilter > worst.rowsRemovedByFilter) worst = finding;
  }
  return worst;
}
