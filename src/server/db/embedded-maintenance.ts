import type { EmbeddedClient } from './embedded-thread';
import { nextTurn } from './next-turn';

/*
 * The embedded database has no autovacuum: PGlite runs PostgreSQL in single-user mode, where no
 * background worker exists. Every update leaves a dead row version behind, so a person's tables grow
 * with each tick and drag (the benchmark's 15-row habits table weighed 6.4 MB after its toggles, and
 * GET /api/today took 28 ms of CPU). This does what autovacuum would: VACUUM, and ANALYZE where enough
 * changed, after a number of writes, after a quiet spell when any write happened, and once after start.
 * The rule is docs/decisions/013-api-cost.md; the measurements behind the numbers are in
 * bench/notes/api-cost.md.
 *
 * A run vacuums every table of the database, the catalogs included, as the whole-database command
 * did (each VACUUM also advances the database's frozen-transaction horizon, which only a vacuum of
 * every table moves, and which nothing else in single-user mode guards against wraparound), but one
 * table per statement with a turn of the event loop between them: the single connection is never held
 * for the whole database at once, and statements asked for meanwhile run between two tables
 * (docs/decisions/037-fair-heavy-work.md).
 */

export type MaintenanceRun = {
  reason: string;
  /** The whole run, other statements served in between included. */
  ms: number;
  tables: number;
  /** The longest single statement of the run, and its table: what a waiting request could wait for. */
  longestMs: number;
  longestTable: string;
};

export type MaintenanceOptions = {
  /** Writes after which a vacuum runs (as soon as the current request is done). */
  everyWrites: number;
  /** A vacuum also runs this long after the last one when any write happened in between. */
  everyMs: number;
  /** Told how each run went, for the log. */
  onRun?: (run: MaintenanceRun) => void;
  onError?: (error: unknown) => void;
};

export const DEFAULT_MAINTENANCE: MaintenanceOptions = { everyWrites: 500, everyMs: 5 * 60_000 };

/**
 * Every table a whole-database VACUUM processes (ordinary tables and materialized views, in every
 * schema; a table's TOAST table is vacuumed with it), quoted for a statement, largest first, and
 * whether it is due an ANALYZE by autovacuum's own rule (PostgreSQL's defaults: 50 rows changed plus
 * 10% of the table since the last). ANALYZE reads a sample of 30,000 rows whatever changed: it was
 * nearly all of the longest statement (about 100 ms on 500,000 completed days) and most of a run,
 * while a vacuum with little to do takes a millisecond.
 */
const TABLES = `select format('%I.%I', n.nspname, c.relname) as name,
    coalesce(s.n_mod_since_analyze >= 50 + 0.1 * greatest(c.reltuples, 0), false) as "analyze"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  left join pg_stat_all_tables s on s.relid = c.oid
  where c.relkind in ('r', 'm') and c.relpersistence <> 't'
  order by pg_relation_size(c.oid) desc`;

export type EmbeddedMaintenance = {
  /** Counts one acknowledged write. */
  noteWrite(): void;
  /** Vacuums now (the benchmark and tests call it; start and the schedule use it too). */
  run(reason: string): Promise<void>;
  /** Stops the schedule; a run in progress ends after its current table. */
  stop(): Promise<void>;
};

export function startEmbeddedMaintenance(
  pglite: Pick<EmbeddedClient, 'query' | 'exec'>,
  options: MaintenanceOptions = DEFAULT_MAINTENANCE,
): EmbeddedMaintenance {
  let writes = 0;
  let running: Promise<void> | undefined;
  let stopped = false;
  let pending: ReturnType<typeof setImmediate> | undefined;

  const vacuumEachTable = async (reason: string): Promise<void> => {
    const started = performance.now();
    // This backend's counts of changed rows reach the statistics at most once a second; the rule below
    // reads them, so they are sent now.
    await pglite.exec('select pg_stat_force_next_flush()');
    const { rows } = await pglite.query<{ name: string; analyze: boolean }>(TABLES);
    let longestMs = 0;
    let longestTable = '';
    for (const { name, analyze } of rows) {
      // Requests that arrived meanwhile queue their statements before the next table's.
      await nextTurn();
      if (stopped) return;
      const statementStarted = performance.now();
      // PGlite queues this behind whatever query or transaction holds its one connection.
      await pglite.exec(analyze ? `VACUUM (ANALYZE) ${name}` : `VACUUM ${name}`);
      const ms = performance.now() - statementStarted;
      if (ms > longestMs) {
        longestMs = ms;
        longestTable = name;
      }
    }
    // The files the run touched (a fresh database's first run writes to nearly every table's) would
    // each be synced by the next checkpoint, which may fall in the middle of someone's import: 99
    // fsyncs, 0.1-0.3 s in one statement. Synced now, once the tables are done
    // (docs/decisions/037-fair-heavy-work.md).
    await nextTurn();
    if (stopped) return;
    await pglite.exec('CHECKPOINT');
    options.onRun?.({
      reason,
      ms: Math.round(performance.now() - started),
      tables: rows.length,
      longestMs: Math.round(longestMs),
      longestTable,
    });
  };

  const run = async (reason: string): Promise<void> => {
    if (running) return running;
    writes = 0;
    running = vacuumEachTable(reason)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => {
    if (writes > 0) void run('schedule');
  }, options.everyMs);
  timer.unref();

  return {
    noteWrite() {
      writes += 1;
      if (writes >= options.everyWrites && !pending && !stopped) {
        // After the answer that counted it has gone out, not in its way.
        pending = setImmediate(() => {
          pending = undefined;
          void run('writes');
        });
      }
    },
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (pending) clearImmediate(pending);
      await running;
    },
  };
}
