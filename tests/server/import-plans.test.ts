import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AccountImportResultSchema } from '#shared/api/account-data';
import { addDays, dayAt } from '#shared/domain/days';
import { executeRows } from '../../src/server/db/client';
import { statementText } from '../../src/server/db/statements';
import { TICKS } from '../../src/server/modules/completions/completions.repo';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { habitsImportFile } from './helpers/import-files';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The plans kept for others' statements while an import grows the completed days, on the embedded
 * database (docs/decisions/037-fair-heavy-work.md): it keeps a prepared statement's generic plan until
 * the table's statistics change, and nothing but the import refreshes them meanwhile. A fresh database
 * per file, so the plan below is made while the history holds a few rows, as on a young server.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function person() {
  const signedIn = await loginAs(t.db, { email: uniqueEmail(), name: 'Plan Reader', timeZone: 'UTC' });
  return { ...signedIn, client: new ApiClient(t.app, signedIn.headers) };
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
const literal = (value: unknown) => `'${String(value).replaceAll("'", "''")}'`;

describe.runIf(!onPostgres)('an import on the embedded database', () => {
  it('leaves another person’s untick reading its day by the key, not scanning every completed day', async () => {
    // The statistics a young server has: its maintenance vacuums once it listens, while the history
    // is empty or nearly (db/embedded-maintenance.ts).
    await t.db.execute(sql`vacuum (analyze) habit_completions`);
    const other = await person();
    const walk = await other.client.createHabit({ title: 'Walk' });
    // Enough ticks and unticks for the prepared untick to settle on its generic plan, made now, while
    // the history holds a row or two.
    for (let i = 0; i < 8; i += 1) {
      for (const completedToday of [true, false]) {
        const res = await other.client.call('PATCH', `/api/habits/${walk.id}`, { completedToday });
        expect(res.statusCode, res.body).toBe(200);
      }
    }

    const heavy = await person();
    const today = dayAt(new Date(), 'UTC');
    const days = Array.from({ length: 2_500 }, (_, i) => addDays(today, -1 - i));
    const file = habitsImportFile(2, days);
    const imported = await heavy.client.expect(
      200,
      AccountImportResultSchema,
      'POST',
      '/api/account/import',
      file,
    );
    expect(imported.added.completedDays).toBe(5_000);

    const { params } = statementText(TICKS.habit.undone, {
      userId: other.user.id,
      id: walk.id,
      day: today,
      today,
    });
    const [row] = await executeRows<{ 'QUERY PLAN': unknown }>(
      t.db,
      sql.raw(`explain (format json) execute stride_untick_habit(${params.map(literal).join(', ')})`),
    );
    const json = row?.['QUERY PLAN'];
    const [root] = (typeof json === 'string' ? JSON.parse(json) : json) as Array<{ Plan: PlanNode }>;
    if (!root) throw new Error('EXPLAIN answered no plan');
    const scans = nodesOf(root.Plan).filter(
      (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'habit_completions',
    );
    expect(scans).toEqual([]);
  });
});
