import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/*
 * The hot statements (the lists and the tick, db/api-json.ts), built once instead of on every request:
 * drizzle assembled their SQL text from a few hundred chunks each time, which was a tenth of the
 * server's CPU on GET /api/today (docs/decisions/013-api-cost.md). A statement is written with
 * sql.placeholder('name') where values go, turned into text and parameter slots on first use, and
 * run on the driver beneath drizzle, inside the caller's transaction when there is one. On PostgreSQL
 * it is a named prepared statement (planned once per connection) unless the server sits behind a
 * pooler that cannot keep them (DATABASE_PREPARED_STATEMENTS=off, for PgBouncer in transaction mode).
 * PGlite plans an unnamed statement every time, and planning the Today statement cost more than
 * running it (measured: 2.5 ms a call, against 0.75 ms prepared once and executed), so there it is
 * PREPAREd once per database and run with EXECUTE, its values written as SQL literals.
 */

const dialect = new PgDialect();

type Driver = {
  query(config: unknown, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<Array<{ rows: unknown[] }>>;
};

/*
 * PGlite keeps prepared statements per database, and a transaction runs on its own driver object:
 * inTransaction records which database a transaction's driver belongs to, so that a statement is
 * prepared once per database (preparing a name twice is an error, and inside a transaction an error
 * aborts it).
 */
const rootDrivers = new WeakMap<object, object>();
export function rememberTransactionRoot(tx: Db, parent: Db): void {
  const parentDriver = driverOf(parent).driver;
  rootDrivers.set(driverOf(tx).driver, rootDrivers.get(parentDriver) ?? parentDriver);
}
const preparedOn = new WeakMap<object, Map<string, 'preparing' | 'ready'>>();

/** A value as a SQL literal (EXECUTE takes no bind parameters); only strings, numbers, booleans, null. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`cannot write ${typeof value} as a SQL literal`);
}

/** Runs a statement PGlite has prepared. */
async function execute(driver: Driver, name: string, params: unknown[]): Promise<unknown[]> {
  const [result] = (await driver.exec?.(`execute ${name}(${params.map(literal).join(', ')})`)) ?? [];
  return result?.rows ?? [];
}

/** Whether PostgreSQL may keep named prepared statements on its connections. */
const namedStatements = process.env.DATABASE_PREPARED_STATEMENTS !== 'off';

/** The driver object under a drizzle database or transaction (drizzle keeps it on its session). */
function driverOf(db: Db): { driver: Driver; postgres: boolean } {
  const client = (db as unknown as { session: { client: Driver & Record<string, unknown> } }).session.client;
  // A pg Pool or PoolClient; PGlite and its transactions have neither of these.
  const postgres = typeof client.release === 'function' || typeof client.connect === 'function';
  return { driver: client, postgres };
}

export type Statement<V extends Record<string, unknown>, R> = (db: Db, values: V) => Promise<R[]>;

/** Each statement's text, compiled on first use. */
const texts = new WeakMap<object, () => { sql: string; params: unknown[] }>();

/**
 * A statement's SQL and its values in order, as it is sent: for the tests that read the plans the
 * database makes for it (tests/server/query-plans.test.ts).
 */
export function statementText<V extends Record<string, unknown>, R>(
  run: Statement<V, R>,
  values: V,
): { sql: string; params: unknown[] } {
  const text = texts.get(run);
  if (!text) throw new Error('not a statement built by statement()');
  const compiled = text();
  return { sql: compiled.sql, params: fillPlaceholders(compiled.params, values) };
}

export function statement<V extends Record<string, unknown>, R>(
  name: string,
  build: () => SQL,
): Statement<V, R> {
  let compiled: { sql: string; params: unknown[] } | undefined;
  const text = () => {
    compiled ??= dialect.sqlToQuery(build());
    return compiled;
  };
  const run: Statement<V, R> = async (db, values) => {
    const compiled = text();
    const params = fillPlaceholders(compiled.params, values);
    const { driver, postgres } = driverOf(db);
    if (postgres) {
      const config = namedStatements
        ? { name, text: compiled.sql, values: params }
        : { text: compiled.sql, values: params };
      return (await driver.query(config)).rows as R[];
    }
    const root = rootDrivers.get(driver) ?? driver;
    let prepared = preparedOn.get(root);
    if (!prepared) {
      prepared = new Map();
      preparedOn.set(root, prepared);
    }
    const state = prepared.get(name);
    if (state === 'ready') {
      return execute(driver, name, params) as Promise<R[]>;
    }
    if (state === undefined) {
      // Only the first caller prepares; others run it unprepared until that has finished (waiting
      // for it could deadlock: it may be queued behind the very transaction that is waiting).
      prepared.set(name, 'preparing');
      try {
        await driver.exec?.(`prepare ${name} as ${compiled.sql}`);
        prepared.set(name, 'ready');
      } catch (error) {
        prepared.delete(name);
        throw error;
      }
      return execute(driver, name, params) as Promise<R[]>;
    }
    return (await driver.query(compiled.sql, params)).rows as R[];
  };
  texts.set(run, text);
  return run;
}
