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

/** Database time of one list's requests (EXPLAIN ANALYZE of each SQL query, run one at a time). */
export interface ListQueryTimes {
  list: string;
  /** Per request, the sum of its queries' planning and execution time, in ms. */
  requestMs: number[];
  /** The request whose queries took longest, and their time in ms. */
  slowest: { path: string; ms: number };
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

/** One element of `EXPLAIN (ANALYZE, FORMAT JSON)`. */
interface ExplainOutput {
  Plan: PlanNode;
  'Planning Time'?: number;
  'Execution Time'?: number;
}

type QueryArguments = [unknown, unknown?, unknown?];

/**
 * Runs every query of every list once through the real app (in this process, production start-up),
 * records the SELECTs it sends to PostgreSQL (by wrapping `pg.Client#query`), and EXPLAINs (ANALYZE)
 * each on the bench database with its parameters, one at a time (so the times are those of a
 * machine without the bench's load).
 * @returns what the plans do wrong (empty: every list query uses indexes) and each list's database time
 */
export async function checkListPlans(
  client: pg.Client,
  databaseUrl: string,
  targets: readonly ListTarget[],
): Promise<{ findings: PlanFinding[]; times: ListQueryTimes[] }> {
  const recorded: { text: string; values: unknown[] }[] = [];
  const clientQuery = pg.Client.prototype.query as (...args: QueryArguments) => unknown;
  const app = await startServer(benchServerConfig({ ...process.env, DATABASE_URL: databaseUrl }));
  const findings: PlanFinding[] = [];
  const times: ListQueryTimes[] = [];
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
      const listTimes: ListQueryTimes = { list: target.name, requestMs: [], slowest: { path: '', ms: -1 } };
      times.push(listTimes);
      for (const path of target.paths) {
        recorded.length = 0;
        const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
        const queries = [...recorded];
        let requestMs = 0;
        for (const query of queries) {
          const plan = await client.query(`explain (analyze, format json) ${query.text}`, query.values);
          const explained = (plan.rows[0]['QUERY PLAN'] as ExplainOutput[])[0];
          requestMs += (explained?.['Planning Time'] ?? 0) + (explained?.['Execution Time'] ?? 0);
          const root = explained?.Plan;
          for (const problem of root ? planProblems(root) : []) {
            findings.push({ list: target.name, path, sql: query.text, ...problem });
          }
        }
        listTimes.requestMs.push(requestMs);
        if (requestMs > listTimes.slowest.ms) listTimes.slowest = { path, ms: requestMs };
      }
    }
  } finally {
    pg.Client.prototype.query = clientQuery as typeof pg.Client.prototype.query;
    await app.close();
  }
  return { findings, times };
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

/**
 * Each list's database time as printed lines: median, p95 and max over its requests of the summed
 * EXPLAIN ANALYZE time of the request's queries (ms), and the slowest request.
 */
export function describeQueryTimes(times: readonly ListQueryTimes[]): string[] {
  const at = (sorted: number[], share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  return times.map(({ list, requestMs, slowest }) => {
    const sorted = [...requestMs].sort((a, b) => a - b);
    const figures = [at(sorted, 0.5), at(sorted, 0.95), sorted.at(-1)].map((value) => (value ?? 0).toFixed(1));
    return `  ${list.padEnd(26)} median ${figures[0]} ms, p95 ${figures[1]} ms, max ${figures[2]} ms (${slowest.path})`;
  });
}
