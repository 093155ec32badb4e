import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayAt } from '#shared/domain/days';
import { seed } from '../../bench/seed';
import { executeRows, inTransaction } from '../../src/server/db/client';
import { type Statement, statementText } from '../../src/server/db/statements';
import { readTodayJson, todayStatement } from '../../src/server/modules/today/today.repo';
import { readPlanned, upcomingStatement } from '../../src/server/modules/upcoming/upcoming.repo';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The plans the database makes for the Today and Upcoming statements of a person who plans ahead (the
 * benchmark's planner: 300 tasks over the next 60 days, 100 of them repeating, and 10 on Today by
 * hand), among a few thousand rows of 150 other people, after ANALYZE as autovacuum would have run it.
 * Nothing is switched off: the planner chooses, both as a one-off plan for these values and as the
 * generic plan a prepared statement may settle on (the server prepares these), and the test reads
 * what it chose. bench/notes/plan-reads.md has the plans in full.
 */

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

let t: TestApp;
let planner: string;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  const account = await seed(t.db, 150);
  planner = account.planner.userId;
  today = dayAt(new Date(), 'UTC');
  await t.db.execute(sql`analyze`);
}, 120_000);
afterAll(() => t.close());

/** A SQL literal for EXECUTE: the statements take only strings and null. */
const literal = (value: unknown) => (value === null ? 'null' : `'${String(value).replaceAll("'", "''")}'`);

/** EXPLAIN ANALYZE's plan for a statement run with `values`, one-off (custom) or as a prepared statement's generic plan. */
async function planOf<V extends Record<string, unknown>, R>(
  statement: Statement<V, R>,
  values: V,
  kind: 'custom' | 'generic',
): Promise<PlanNode[]> {
  const { sql: text, params } = statementText(statement, values);
  return inTransaction(t.db, async (tx) => {
    let explained: Array<{ 'QUERY PLAN': unknown }>;
    if (kind === 'custom') {
      const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
      explained = await executeRows(tx, sql.raw(`explain (analyze, buffers, format json) ${inlined}`));
    } else {
      await tx.execute(sql.raw(`prepare plan_test as ${text}`));
      await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
      explained = await executeRows(
        tx,
        sql.raw(
          `explain (analyze, buffers, format json) execute plan_test(${params.map(literal).join(', ')})`,
        ),
      );
      await tx.execute(sql.raw('deallocate plan_test'));
    }
    const json = explained[0]?.['QUERY PLAN'];
    const [root] = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
    if (!root) throw new Error('EXPLAIN answered no plan');
    return nodesOf(root.Plan);
  });
}

/** What the plan does with the tables: the scans that ran, and the indexes they went through. */
function tasksReads(nodes: PlanNode[]) {
  const ran = nodes.filter((node) => (node['Actual Loops'] ?? 0) > 0);
  const heap = ran.filter((node) => node['Relation Name'] === 'tasks');
  const conditions = (node: PlanNode) => [node['Index Cond'], node['Recheck Cond'], node.Filter].join(' ');
  return {
    tableScans: heap.filter((node) => node['Node Type'] === 'Seq Scan').length,
    // A read of any table that is not by the person: a small table may be read whole, but only for
    // the rows of the person (the habit goals were once hashed for everyone).
    unscoped: ran
      .filter((node) => node['Relation Name'] !== undefined && !conditions(node).includes('user_id'))
      .map((node) => `${node['Node Type']} on ${node['Relation Name']}`),
    heapScans: heap.map((node) => node['Node Type']),
    indexes: [...new Set(ran.flatMap((node) => node['Index Name'] ?? []))]
      .filter((name) => name.startsWith('tasks_'))
      .sort(),
    plannedCond: ran.find((node) => node['Index Name'] === 'tasks_user_planned_idx')?.['Index Cond'] ?? '',
    // Rows of the tasks table read, kept or thrown away, by each scan that ran.
    rowsRead: heap.map((node) => (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)),
  };
}

describe.each(['custom', 'generic'] as const)('the %s plan', (kind) => {
  it('reads Today through the Today, planned and repeating indexes, not the table', async () => {
    const { version } = await readTodayJson(t.db, planner, today);
    for (const known of [null, version]) {
      const reads = tasksReads(await planOf(todayStatement, { userId: planner, day: today, known }, kind));
      expect(reads.tableScans).toBe(0);
      // Two tasks done yesterday are checked against the person's habit goals, not everyone's.
      expect(reads.unscoped).toEqual([]);
      expect(reads.indexes).toEqual([
        'tasks_user_planned_idx',
        'tasks_user_repeat_idx',
        'tasks_user_today_idx',
      ]);
      expect(new Set(reads.heapScans)).toEqual(new Set(['Bitmap Heap Scan']));
      // Planned tasks by their day: only those due by today, not all 300.
      expect(reads.plannedCond).toContain('planned_for <=');
      // The person's repeating tasks (100) and what is on Today by hand or by day (15), never all 310.
      for (const rows of reads.rowsRead) expect(rows).toBeLessThan(150);
      // The kept answer reads the rows once; a built one a second time for the list.
      expect(reads.rowsRead).toHaveLength(known === null ? 2 : 1);
    }
  });

  it('reads 14 days of Upcoming through the planned and repeating indexes, not the table', async () => {
    const to = addDays(today, 13);
    const { version } = await readPlanned(t.db, planner, today, to);
    for (const known of [null, version]) {
      const reads = tasksReads(await planOf(upcomingStatement, { userId: planner, today, to, known }, kind));
      expect(reads.tableScans).toBe(0);
      expect(reads.unscoped).toEqual([]);
      expect(reads.indexes).toEqual(['tasks_user_planned_idx', 'tasks_user_repeat_idx']);
      expect(reads.plannedCond).toContain('planned_for <=');
      // The 70 tasks planned for these 14 days and the repeating ones, not the 160 planned later.
      for (const rows of reads.rowsRead) expect(rows).toBeLessThan(200);
      // The kept answer reads the rows once; a built one a second time for the list.
      expect(reads.rowsRead).toHaveLength(known === null ? 2 : 1);
    }
  });
});
