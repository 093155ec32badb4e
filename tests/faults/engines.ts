import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../server/helpers/postgres-server';
import { createDatabase, postgresAvailable } from './harness';

export type Engine = 'pglite' | 'postgres';

/**
 * A fault test file's engines: the embedded database always, PostgreSQL when its binaries are here (a
 * throwaway server for the file, started before its tests and stopped after them). `envFor` gives one
 * server process a database of its own: a new data folder, or a new database on that server.
 */
export function faultEngines(name: string): {
  engines: readonly Engine[];
  envFor(engine: Engine): Promise<Record<string, string>>;
} {
  const withPostgres = postgresAvailable();
  const root = mkdtempSync(join(tmpdir(), `stride-${name}-`));
  const cleanups: Array<() => Promise<void>> = [];
  let postgres: ThrowawayPostgres | undefined;
  beforeAll(async () => {
    if (withPostgres) postgres = await startThrowawayPostgres();
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    postgres?.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    engines: withPostgres ? ['pglite', 'postgres'] : ['pglite'],
    async envFor(engine): Promise<Record<string, string>> {
      if (engine === 'pglite') return { DATA_DIR: join(root, `data-${randomUUID()}`) };
      if (!postgres) throw new Error('PostgreSQL was not started for this file');
      const database = await createDatabase(postgres.adminUrl, postgres.urlFor);
      cleanups.push(database.drop);
      return { DATABASE_URL: database.url };
    },
  };
}
