import type { PGlite } from '@electric-sql/pglite';

/*
 * The embedded database has no autovacuum: PGlite runs PostgreSQL in single-user mode, where no
 * background worker exists. Every update leaves a dead row version behind, so a person's tables grow
 * with each tick and drag (the benchmark's 15-row habits table weighed 6.4 MB after its toggles, and
 * GET /api/today took 28 ms of CPU). This does what autovacuum would: VACUUM (ANALYZE) after a number
 * of writes, after a quiet spell when any write happened, and once at start.
 * The rule is docs/decisions/013-api-cost.md; the measurements behind the numbers are in
 * bench/notes/api-cost.md.
 */

export type MaintenanceOptions = {
  /** Writes after which a vacuum runs (as soon as the current request is done). */
  everyWrites: number;
  /** A vacuum also runs this long after the last one when any write happened in between. */
  everyMs: number;
  /** Told how long each run took, for the log. */
  onRun?: (run: { reason: string; ms: number }) => void;
  onError?: (error: unknown) => void;
};

export const DEFAULT_MAINTENANCE: MaintenanceOptions = { everyWrites: 500, everyMs: 5 * 60_000 };

export type EmbeddedMaintenance = {
  /** Counts one acknowledged write. */
  noteWrite(): void;
  /** Vacuums now (the benchmark and tests call it; start and the schedule use it too). */
  run(reason: string): Promise<void>;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
};

export function startEmbeddedMaintenance(
  pglite: PGlite,
  options: MaintenanceOptions = DEFAULT_MAINTENANCE,
): EmbeddedMaintenance {
  let writes = 0;
  let running: Promise<void> | undefined;
  let stopped = false;
  let pending: ReturnType<typeof setImmediate> | undefined;

  const run = async (reason: string): Promise<void> => {
    if (running) return running;
    writes = 0;
    const started = performance.now();
    running = pglite
      // PGlite queues this behind whatever query or transaction holds its one connection.
      .exec('VACUUM (ANALYZE)')
      .then(() => options.onRun?.({ reason, ms: Math.round(performance.now() - started) }))
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
