import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startServer } from '../src/server.js';
import { benchServerConfig } from './bench-config.js';
import type { ListTarget } from './staff-list-targets.js';
import { staffToken } from './staff-token.js';

/** Large tables a list query must never read whole (issue 25): a sequential scan of one stops the bench. */
export const NO_SEQUENTIAL_SCAN = ['persons', 'benefits', 'benefit_claims', 'audit_events'] as const;

/** A sort of more rows than this (planner's estimate) for one page is reported: a page should not sort a table. */
const LARGE_SORT_ROWS = 100_000;

/** One query the app ran for a list, and what its plan does wrong. */
export interface PlanFinding {
  list: string;
  path: string;
  sql: string;
  problem: string;
  /** true: a sequential scan of a large table (the bench stops); false: reported only. */
  fatal: boolean;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/** The problems of one plan: sequential scans of the large tables, sorts of many rows. */
function planProblems(node: PlanNode, found: { problem: string; fatal: boolean }[] = []) {
  const relation = node['Relation Name'];
  if (node['Node Type'] === 'Seq Scan' && relation && (NO_SEQUENTIAL_SCAN as readonly string[]).includes(relation)) {
    found.push({ problem: `sequential scan of ${relation}`, fatal: true });
  }
  if (node['Node Type'] === 'Sort' && (node['Plan Rows'] ?? 0) > LARGE_SORT_ROWS) {
    found.push({ problem: `sort of about ${node['Plan Rows']} rows`, fatal: false });
  }
  for (const child of node.Plans ?? []) planProblems(child, found);
  return found;
}

type QueryArguments = [unknown, unknown?, unknown?];

/**
 * Runs every query of every list once through the real app (in this process, production start-up),
 * records the SELECTs it sends to PostgreSQL (by wrapping `pg.Client#query`), and EXPLAINs each on
 * the bench database with its parameters.
 * @returns what the plans do wrong (empty: every list query uses indexes)
 */
export async function checkListPlans(
  client: pg.Client,
  databaseUrl: string,
  targets: readonly ListTarget[],
): Promise<PlanFinding[]> {
  const recorded: { text: string; values: unknown[] }[] = [];
  const clientQuery = pg.Client.prototype.query as (...args: QueryArguments) => unknown;
  const app = await startServer(benchServerConfig({ ...process.env, DATABASE_URL: databaseUrl }));
  const findings: PlanFinding[] = [];
  try {
    const token = await staffToken(app);
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    pg.Client.prototype.query = function query(this: pg.Client, ...args: QueryArguments) {
      const [config, values] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
      const params = Array.isArray(values) ? values : ((config as { values?: unknown[] })?.values ?? []);
      if (text && /^\s*select/i.test(text)) recorded.push({ text, values: params });
      return clientQuery.apply(this, args);
    } as typeof pg.Client.prototype.query;
    for (const target of targets) {
      for (const path of target.paths) {
        recorded.length = 0;
        const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        const queries = [...recorded];
        for (const query of queries) {
          const plan = await client.query(`explain (format json) ${query.text}`, query.values);
          const root = (plan.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan;
          for (const problem of root ? planProblems(root) : []) {
            findings.push({ list: target.name, path, sql: query.text, ...problem });
          }
        }
      }
    }
  } finally {
    pg.Client.prototype.query = clientQuery as typeof pg.Client.prototype.query;
    await app.close();
  }
  return findings;
}

/** The findings as lines, each query once (the first path that ran it). */
export function describeFindings(findings: readonly PlanFinding[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const finding of findings) {
    const key = `${finding.problem}|${finding.sql}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`  ${finding.list}: ${finding.problem} for ${finding.path}\n    ${finding.sql.slice(0, 400)}`);
  }
  return lines;
}
