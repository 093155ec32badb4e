import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/schema';

/*
 * docs/architecture.md#scaling-out-by-user says how each table would be distributed on a sharded
 * PostgreSQL such as Citus. This keeps it true as the schema grows: every table is in that table, and
 * a table the document calls ready (nothing under "needs changing") has its distribution column
 * leading its primary key and every foreign key and inside every unique constraint, which is what
 * such an engine requires of a distributed table; a table it says needs changing really does.
 */

type Row = { table: string; column: string; colocatedWith: string; changes: string };

function documentedRows(): Row[] {
  const doc = readFileSync(resolve(import.meta.dirname, '../../docs/architecture.md'), 'utf8');
  const section = doc.split('### Scaling out by user')[1]?.split(/\n#{2,3} /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| table ') && !line.startsWith('|---'))
    .map((line) => {
      const [table = '', column = '', colocatedWith = '', , changes = ''] = line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim());
      return { table, column, colocatedWith, changes };
    });
}

/** What keeps a table from being distributed by `column` as it stands, or an empty list. */
function obstacles(table: PgTable, column: string): string[] {
  const config = getTableConfig(table);
  const found: string[] = [];
  if (!config.columns.some((c) => c.name === column)) return [`no ${column} column`];
  const primary =
    config.primaryKeys[0]?.columns.map((c) => c.name) ??
    config.columns.filter((c) => c.primary).map((c) => c.name);
  if (primary[0] !== column) found.push(`primary key (${primary.join(', ')}) does not lead with ${column}`);
  for (const key of config.foreignKeys) {
    const reference = key.reference();
    const columns = reference.columns.map((c) => c.name);
    if (columns[0] !== column) found.push(`foreign key (${columns.join(', ')}) does not lead with ${column}`);
  }
  const uniques = [
    ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
    ...config.columns.filter((c) => c.isUnique && !c.primary).map((c) => [c.name]),
  ];
  for (const unique of uniques) {
    if (!unique.includes(column)) found.push(`unique (${unique.join(', ')}) does not contain ${column}`);
  }
  return found;
}

const tables = Object.values(schema).map((table) => ({ table, name: getTableConfig(table).name }));

describe('the by-user distribution in docs/architecture.md', () => {
  const rows = documentedRows();

  it('lists every table of the schema, and only those', () => {
    expect(rows.map((row) => row.table).sort()).toEqual(tables.map((t) => t.name).sort());
  });

  it('distributes every table that has an owner by user_id (users by its id)', () => {
    for (const { table, name } of tables) {
      const owned = getTableConfig(table).columns.some((c) => c.name === 'user_id');
      const row = rows.find((r) => r.table === name);
      if (owned) expect(row?.column, name).toBe('user_id');
    }
    expect(rows.find((r) => r.table === 'users')?.column).toBe('id');
  });

  it.each(tables.map((t) => [t.name, t.table] as const))(
    '%s: ready as documented, or documented as needing change',
    (name, table) => {
      const row = rows.find((r) => r.table === name);
      expect(row, `${name} is missing from the document`).toBeDefined();
      const found = obstacles(table, row?.column ?? '');
      if (row?.changes === '-') {
        expect(found, `${name} is documented as ready`).toEqual([]);
      } else {
        // A stale "needs changing" would hide that the schema moved on.
        expect(found.length, `${name} is documented as needing change but has no obstacle`).toBeGreaterThan(
          0,
        );
      }
    },
  );

  it('co-locates only with tables distributed by the same user id', () => {
    for (const row of rows.filter((r) => r.column === 'user_id')) {
      for (const other of row.colocatedWith.split(', ')) {
        if (other === 'owned tables') continue;
        const target = rows.find((r) => r.table === other);
        expect(target, `${row.table} names ${other}`).toBeDefined();
        expect(['user_id', 'id'], `${row.table} with ${other}`).toContain(target?.column);
      }
    }
  });
});
