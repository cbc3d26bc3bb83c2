import type pg from 'pg';
import type { CapturedQuery } from '../../tests/helpers/captured-queries.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface PlanFinding {
  /** The most rows one plan node read and threw away (by a filter, a join filter or an index recheck), times its loops. */
  rowsRemoved: number;
  /** Where: node type and relation, how the rows were thrown away, and the start of the statement. */
  where: string;
}

/** The ways a plan node reads rows only to drop them: each one means work an index should have spared. */
const REMOVALS = [
  ['Rows Removed by Filter', 'filter'],
  ['Rows Removed by Join Filter', 'join filter'],
  ['Rows Removed by Index Recheck', 'index recheck'],
] as const;

function worstNode(node: PlanNode, statement: string): PlanFinding {
  const loops = node['Actual Loops'] ?? 1;
  const removed = REMOVALS.map(([field, label]) => ({ label, rows: (node[field] ?? 0) * loops })).filter((entry) => entry.rows > 0);
  const relation = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const how = removed.length ? ` (${removed.map((entry) => `${entry.rows} by ${entry.label}`).join(', ')})` : '';
  let worst: PlanFinding = {
    rowsRemoved: removed.reduce((sum, entry) => sum + entry.rows, 0),
    where: `${node['Node Type']}${relation}${how}: ${statement.replace(/\s+/g, ' ').slice(0, 90)}`,
  };
  for (const child of node.Plans ?? []) {
    const finding = worstNode(child, statement);
    if (finding.rowsRemoved > worst.rowsRemoved) worst = finding;
  }
  return worst;
}

/** Runs EXPLAIN ANALYZE for each captured statement and returns the node that threw away the most rows. */
export async function worstRemoval(pool: pg.Pool, queries: CapturedQuery[]): Promise<PlanFinding> {
  let worst: PlanFinding = { rowsRemoved: 0, where: '-' };
  for (const query of queries) {
    const result = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`, query.values);
    const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) continue;
    const finding = worstNode(plan, query.text);
    if (finding.rowsRemoved > worst.rowsRemoved) worst = finding;
  }
  return worst;
}
