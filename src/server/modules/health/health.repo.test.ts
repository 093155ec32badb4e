import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madeDataDir } from '../../../../tests/server/helpers/made-databases';
import { type Database, openDatabase } from '../../db/client';
import { databaseUp } from './health.repo';

/*
 * Health on the embedded database in its thread (docs/decisions/040-embedded-database-thread.md): a
 * ping would queue behind the statement running, so while the thread is busy and answering, the
 * database is up without one.
 */

const root = mkdtempSync(join(tmpdir(), 'stride-health-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: madeDataDir(join(root, 'data')) });
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('database health on the embedded database', () => {
  it('is up during a long statement, answered before the statement ends', async () => {
    const events: string[] = [];
    const statement = database.db
      .execute(sql`select pg_sleep(0.5)`)
      .then(() => events.push('statement answered'));
    events.push(`health: ${(await databaseUp(database.db)) ? 'up' : 'down'}`);
    await statement;
    expect(events).toEqual(['health: up', 'statement answered']);
  });

  it('pings an idle database, and is down once it has stopped', async () => {
    expect(await databaseUp(database.db)).toBe(true);
    await database.close();
    expect(await databaseUp(database.db)).toBe(false);
  });
});
