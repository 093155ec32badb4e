import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { schema } from './schema';

/** One type for both drivers (and for a transaction), so repos never know which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory (created when missing); ignored with databaseUrl. */
  dataDir?: string | undefined;
  /** An already created PGlite (tests load one from a migrated snapshot). */
  pglite?: PGlite;
  /** Drizzle query logger, used by the benchmark to count queries. */
  logger?: Logger;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const logger = options.logger ?? false;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the
    // pool discards it and reconnects on the next query, and /api/health reports the outage meanwhile.
    pool.on('error', (error) => {
      console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    // Fail at start, not on the first request, when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db: Db = drizzlePg({ client: pool, schema, logger });
    engines.set(db, 'postgres');
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    const dataDir = options.dataDir ?? './data';
    await mkdir(dataDir, { recursive: true });
    client = await PGlite.create({ dataDir });
  }
  const pglite = client;
  const db: Db = drizzlePglite({ client: pglite, schema, logger });
  engines.set(db, 'pglite');
  return { db, kind: 'pglite', close: () => pglite.close() };
}

// Which engine a Db handle runs on, for the few places that must differ (the owner lock below).
const engines = new WeakMap<Db, DatabaseKind>();

export type TransactionOptions = {
  /**
   * Serialise this transaction with every other write of the same person (docs/architecture.md,
   * "Concurrency"): their list positions are read and rewritten safely, and no two of their writes
   * can lock rows in opposite orders. Different people never wait for each other.
   */
  owner?: string;
};

/**
 * Runs `work` in one transaction (PGlite serialises it on its single connection; PostgreSQL takes
 * a pooled client). Throwing inside rolls everything back.
 */
export function inTransaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const { owner } = options;
  return db.transaction(async (tx) => {
    // PGlite runs one transaction at a time already; PostgreSQL needs the lock.
    if (owner !== undefined && engines.get(db) === 'postgres') {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${owner}, 0))`);
    }
    return work(tx);
  });
}

/**
 * Runs a raw statement and returns its rows. Both drivers answer `{ rows }`; the shared Db type
 * cannot know that, so the one cast lives here.
 */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
