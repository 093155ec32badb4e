import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPGlite } from '../../../tests/server/helpers/made-databases';
import { type Database, inTransaction, openDatabase } from './client';
import { statement } from './statements';

let open: Database[] = [];
afterEach(async () => {
  for (const database of open) await database.close();
  open = [];
});

async function embedded(): Promise<Database> {
  const database = await openDatabase({ pglite: await emptyPGlite() });
  open.push(database);
  await database.pglite?.exec('create table t (id int primary key, label text)');
  await database.pglite?.exec("insert into t values (1, 'one'), (2, 'it''s two')");
  return database;
}

const labelOf = statement<{ id: number }, { label: string }>(
  'test_label_of',
  () => sql`select label from t where id = ${sql.placeholder('id')}`,
);

describe('hot statements on PGlite', () => {
  it('answers the same rows on first use, prepared, and for values that need quoting', async () => {
    const { db } = await embedded();
    expect(await labelOf(db, { id: 1 })).toEqual([{ label: 'one' }]);
    expect(await labelOf(db, { id: 2 })).toEqual([{ label: "it's two" }]);
    const byLabel = statement<{ label: string }, { id: number }>(
      'test_id_of',
      () => sql`select id from t where label = ${sql.placeholder('label')}`,
    );
    expect(await byLabel(db, { label: "it's two" })).toEqual([{ id: 2 }]);
    expect(await byLabel(db, { label: "'); drop table t; --" })).toEqual([]);
    expect(await labelOf(db, { id: 1 })).toEqual([{ label: 'one' }]);
  });

  it('prepares once per database, whether first used in a transaction, concurrently, or after a rollback', async () => {
    const { db } = await embedded();
    await expect(
      inTransaction(db, async (tx) => {
        expect(await labelOf(tx, { id: 1 })).toEqual([{ label: 'one' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const answers = await Promise.all([
      labelOf(db, { id: 1 }),
      inTransaction(db, (tx) => labelOf(tx, { id: 2 })),
      labelOf(db, { id: 2 }),
      inTransaction(db, (tx) => inTransaction(tx, (inner) => labelOf(inner, { id: 1 }))),
    ]);
    expect(answers.map((rows) => rows[0]?.label)).toEqual(['one', "it's two", "it's two", 'one']);
  });

  it('does not wait on a prepare queued behind the transaction that needs the statement', async () => {
    const { db } = await embedded();
    const fresh = statement<{ id: number }, { label: string }>(
      'test_fresh',
      () => sql`select label from t where id = ${sql.placeholder('id')}`,
    );
    const answers = await Promise.all([
      inTransaction(db, async (tx) => {
        // Let the call below start its prepare, which PGlite queues behind this transaction.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return fresh(tx, { id: 1 });
      }),
      fresh(db, { id: 2 }),
    ]);
    expect(answers.map((rows) => rows[0]?.label)).toEqual(['one', "it's two"]);
  });
});
