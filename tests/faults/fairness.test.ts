import { describe, expect, it } from 'vitest';
import { faultEngines } from './engines';
import { answeredDuring, describeRun, runFairness } from './fairness-load';
import { call, signIn, startServer } from './harness';

/*
 * One person's heaviest work does not stall anyone else (docs/decisions/037-fair-heavy-work.md): while
 * they import a file at the limits and export their full account, another person's calls and the
 * health check are answered in between, not after it. The property is structural (calls answered
 * while the heavy work was still going on), and the counts asked are far below what a quiet machine
 * gives; a loaded one can still bring a count to the margin (the export's on PostgreSQL counted 4 of
 * the 5 asked once, with three fault files at a time: bench/notes/suite-time.md). The latencies are
 * printed for bench/notes/fairness.md.
 */

const { engines, envFor } = faultEngines('fairness');

/*
 * A fifth of the limits (20 habits, 100,000 completed days): the property does not depend on the size,
 * and a file at the limits takes a minute on a busy two-core machine (`npm run bench -- fairness` runs
 * it whole). "Many": with the import in one transaction on the embedded database, 0 of the other
 * person's calls were answered while it worked (its items and days appear together, at its answer),
 * and with the export in one transaction 1 while it read the account; in short statements, about 80
 * and 12.
 */
const HABITS = 20;
// The health check is polled every 50 ms, so it counts the time an export reads rather than its
// pieces: an export's health bound only says it was not shut out.
const MANY = { import: { calls: 20, health: 5 }, export: { calls: 5, health: 1 } };

describe.each(engines)('an import and an export of 100,000 completed days on %s', (engine) => {
  it("leave another person's calls and the health check answered meanwhile, and the import whole", async () => {
    const server = await startServer(await envFor(engine));
    try {
      const run = await runFairness(server.url, { exports: 1, habits: HABITS });
      console.log(describeRun(engine, run));
      const [imported, exported] = run.heavy;
      expect([imported?.status, exported?.status]).toEqual([200, 200]);
      const failed = [...run.others, ...run.health].filter((c) => c.status !== 200);
      expect(failed).toEqual([]);
      for (const heavy of run.heavy) {
        // On PostgreSQL an import stays one transaction, which others' snapshots and connections go
        // around: it is never seen half done, and every call from its asking to its answer counts.
        const span =
          engine === 'postgres' && heavy.kind === 'import' ? { ...heavy, working: heavy.started } : heavy;
        const during = `answered during the ${span.kind}`;
        expect(answeredDuring(run.others, span), `other person's calls ${during}`).toBeGreaterThanOrEqual(
          MANY[span.kind].calls,
        );
        expect(answeredDuring(run.health, span), `health checks ${during}`).toBeGreaterThanOrEqual(
          MANY[span.kind].health,
        );
      }
      // The import is there whole: every habit with every one of its days counted.
      const cookie = await signIn(server.url, run.heavyEmail);
      const habits = (await call(server.url, cookie, 'GET', '/api/habits')).body as Array<{
        id: string;
        completionCount: number;
      }>;
      const counts = new Map(habits.map((habit) => [habit.id, habit.completionCount]));
      const missing = run.file.habits.filter((habit) => counts.get(habit.id) !== habit.completedDays.length);
      expect(missing.map((habit) => habit.id)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
