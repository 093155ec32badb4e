import type { PGlite } from '@electric-sql/pglite';
import { type Logger, type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { classifyDatabaseError } from './database-errors';
import { type OpenDataDir, OpeningDataDir, openDataDir } from './embedded-open';
import type { EmbeddedClient, EmbeddedThread } from './embedded-thread';
import { nextTurn } from './next-turn';
import { OwnerQueue } from './owner-queue';
import { walFlusher } from './pglite-durability';
import { schema } from './schema';
import { rememberTransactionRoot } from './statements';

/** One type for both drivers (and for a transaction), so repos never know which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Every wait on PostgreSQL is bounded, so that a stopped, frozen or unreachable database turns into a
 * 503 within 5 seconds instead of requests piling up (docs/architecture.md, "Faults"): at most 2 s to
 * get a connection, 2 s for the server to run a statement, 2.5 s for an answer to arrive.
 */
export const DATABASE_TIMEOUTS = {
  connectionTimeoutMillis: 2_000,
  statement_timeout: 2_000,
  query_timeout: 2_500,
  idle_in_transaction_session_timeout: 10_000,
} as const;

/** The bounds PostgreSQL itself enforces; the others are the driver's own. */
const SERVER_TIMEOUTS = ['statement_timeout', 'idle_in_transaction_session_timeout'] as const;

/**
 * The driver sends the server-side timeouts as startup parameters, which PgBouncer drops when its
 * `ignore_startup_parameters` lists them (it refuses them otherwise). A connection without them would
 * let a stuck statement hold a request, and a pooled server connection, for ever, so the server
 * refuses to start unless they are in force, set on the database or role instead
 * (docs/decisions/014-production-topology.md).
 */
export async function assertServerTimeouts(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ name: string; setting: string }>(
    'select name, setting from pg_settings where name = any($1)',
    [SERVER_TIMEOUTS],
  );
  for (const name of SERVER_TIMEOUTS) {
    const actual = rows.find((row) => row.name === name)?.setting;
    const expected = String(DATABASE_TIMEOUTS[name]);
    if (actual !== expected) {
      throw new Error(
        `PostgreSQL runs with ${name} = ${actual ?? 'unknown'} ms instead of ${expected} ms. Behind a pooler that drops startup parameters (PgBouncer's ignore_startup_parameters), set it on the database: ALTER DATABASE <name> SET ${name} = ${expected}`,
      );
    }
  }
}

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /**
   * The embedded database behind `db` (embedded only): its thread on a data directory, or the PGlite a
   * test passed in. Start-up's checkpoint and maintenance use it.
   */
  pglite?: EmbeddedClient;
  /**
   * Resolves once every write committed so far is on disk: the embedded database on a directory groups
   * its commits (db/pglite-durability.ts). Absent where a commit is durable when it returns
   * (PostgreSQL) or nothing is on disk (an in-memory PGlite in tests).
   */
  flushWrites?: () => Promise<void>;
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
  /** Called when another process has taken this data directory's lock (main stops the server). */
  onLockLost?: () => void;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const logger = options.logger ?? false;
  if (options.databaseUrl) {
    // pg and its drizzle driver load only here: loading pg makes Node load its fetch implementation
    // (pg looks for Cloudflare's Response), about 0.1 s of an embedded server's start spent for nothing.
    const [{ LostConnectionPool }, { drizzle: drizzlePg }] = await Promise.all([
      import('./lost-connection-pool'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new LostConnectionPool({
      connectionString: options.databaseUrl,
      max: 10,
      ...DATABASE_TIMEOUTS,
      // Notice a peer that vanished (a partition) in seconds, not after the kernel's two hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the
    // pool discards it and reconnects on the next query, and /api/health reports the outage meanwhile.
    pool.on('error', (error) => {
      console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    // The pool listens for errors only on idle connections. One lost while a request holds it (between
    // the statements of a transaction, when a failover kills the primary or PgBouncer says "server
    // conn crashed?") is emitted on the connection too, and unheard it would crash the process. The
    // statement it was running fails on its own (a 503), and the pool drops the broken connection on
    // release (docs/decisions/035-database-failover.md).
    pool.on('connect', (connection) => {
      connection.on('error', () => undefined);
    });
    // Fail at start, not on the first request, when the server is unreachable.
    const client = await pool.connect();
    try {
      await assertServerTimeouts(client);
    } catch (error) {
      client.release();
      await pool.end();
      throw error;
    }
    client.release();
    const db: Db = drizzlePg({ client: pool, schema, logger });
    engines.set(db, 'postgres');
    ownerQueues.set(
      db,
      new OwnerQueue({
        waitMs: OWNER_WAIT_MS,
        passesOn: (error) => classifyDatabaseError(error) === 'unavailable',
      }),
    );
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.pglite) {
    const pglite = options.pglite;
    const db: Db = drizzlePglite({ client: pglite, schema, logger });
    engines.set(db, 'pglite');
    return { db, kind: 'pglite', pglite, close: () => pglite.close() };
  }
  const database = embeddedDatabase(openDataDir(options.dataDir ?? './data', options.onLockLost), logger);
  await database.opened;
  return database;
}

/**
 * The embedded database of a data directory whose opening has started, usable at once: its statements
 * wait for the opening (db/embedded-open.ts). `opened` resolves once it is open, or rejects with why
 * not; the server builds its app meanwhile (src/server/serve.ts).
 */
export function embeddedDatabase(
  opening: Promise<OpenDataDir>,
  logger: Logger | false = false,
): Database & { opened: Promise<void> } {
  const pglite = new OpeningDataDir(opening);
  // drizzle types its client as PGlite, of which it uses query and transaction (drizzle-orm/pglite's
  // session): the thread's client answers both alike.
  const db: Db = drizzlePglite({ client: pglite as unknown as PGlite, schema, logger });
  engines.set(db, 'pglite');
  embeddedThreads.set(db, pglite);
  return {
    db,
    kind: 'pglite',
    pglite,
    flushWrites: walFlusher(pglite),
    close: () => pglite.close(),
    opened: pglite.opened(),
  };
}

// Which engine a Db handle runs on, for the few places that must differ (the owner lock below).
const engines = new WeakMap<Db, DatabaseKind>();

const embeddedThreads = new WeakMap<Db, EmbeddedThread>();

/**
 * The thread an embedded database on a data directory runs in, for the health check, which asks it
 * whether it is busy before queueing a ping behind a running statement (modules/health/health.repo.ts).
 */
export function embeddedThreadOf(db: Db): EmbeddedThread | undefined {
  return embeddedThreads.get(db);
}

/**
 * How long a piece of heavy work waits at most for others' statements on the embedded database's
 * thread: with someone always busy, an import of 500 pieces takes at most 25 s longer.
 */
const OTHERS_FIRST_MS = 50;

/**
 * Between two pieces of heavy work (docs/decisions/037-fair-heavy-work.md): a turn of the event loop,
 * and on the embedded database's thread, until the statements others queued meanwhile are answered,
 * their requests' next statements too. A request asks its statements one after another, each a
 * message to the thread, so a turn alone let the next piece in between two of them
 * (docs/decisions/040-embedded-database-thread.md).
 */
export async function othersFirst(db: Db): Promise<void> {
  const thread = embeddedThreads.get(db);
  if (thread) await thread.quiet(OTHERS_FIRST_MS);
  else await nextTurn();
}

/**
 * The engine behind a database handle (not a transaction's), for the few services whose heavy work
 * takes another shape on the embedded database (docs/decisions/037-fair-heavy-work.md).
 */
export function engineOf(db: Db): DatabaseKind | undefined {
  return engines.get(db);
}

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
  const transaction = () =>
    db.transaction(async (tx) => {
      rememberTransactionRoot(tx, db);
      openTransactions.add(tx);
      // PGlite runs one transaction at a time already; PostgreSQL needs the lock.
      if (owner !== undefined && engines.get(db) === 'postgres') {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${owner}, 0))`);
      }
      return work(tx);
    });
  // A person's writes wait their turn in memory, not on a pooled connection (db/owner-queue.ts); one
  // inside a transaction of theirs already holds the lock.
  const queue = ownerQueues.get(db);
  if (owner === undefined || queue === undefined || openTransactions.has(db)) return transaction();
  return queue.run(owner, transaction);
}

/** The transactions `inTransaction` opened, to know a nested one (a savepoint) when it comes. */
const openTransactions = new WeakSet<Db>();

/**
 * Each PostgreSQL database's queue of writes per person. Waiting there costs no connection, so a write
 * may wait longer than the 2 s it could wait for the lock itself: through a burst of fifty of the
 * person's own writes or their import on a busy machine, and still well inside the balancer's 30 s
 * (scripts/cluster-topology.ts). Beyond it the write answers 503 and the app sends it again. When the
 * database cannot be reached, the writes waiting behind fail with the first at once, so an outage's
 * answers keep their 5 s bound.
 */
const ownerQueues = new WeakMap<Db, OwnerQueue>();
const OWNER_WAIT_MS = 10_000;

/**
 * Runs a raw statement and returns its rows. Both drivers answer `{ rows }`; the shared Db type
 * cannot know that, so the one cast lives here.
 */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
