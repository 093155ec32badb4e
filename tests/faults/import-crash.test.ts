import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileAtTheLimits } from './fairness-load';
import { call, type ServerProcess, signIn, sleep, startServer } from './harness';

/*
 * An import on the embedded database is decided in one short transaction and its completed days added
 * after it in short statements (docs/decisions/037-fair-heavy-work.md). kill -9 in the middle of
 * adding them: after a restart the import is there whole, never half.
 */

const root = mkdtempSync(join(tmpdir(), 'stride-import-crash-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

type Habit = { id: string; completionCount: number };

/** A bound on the wait for the import's items to appear, far above what it takes. */
const POLLS = 3_000;

describe('kill -9 during an import on the embedded database', () => {
  it('leaves the import whole after the restart', async () => {
    const env = { DATA_DIR: join(root, `data-${randomUUID()}`) };
    let server: ServerProcess = await startServer(env);
    const email = `import-crash-${randomUUID()}@example.com`;
    const importing = await signIn(server.url, email);
    const looking = await signIn(server.url, email);
    // A fifth of the limits: 100,000 days, still a hundred statements to add them.
    const file = fileAtTheLimits(20);

    const answer = call(server.url, importing, 'POST', '/api/account/import', file, 120_000);
    // The deciding commit has happened once the habits are there; their counters are brought in line
    // only after every day is added, so habits still at 0 say the days are being added.
    let seen: Habit[] = [];
    for (let i = 0; i < POLLS && seen.length === 0; i += 1) {
      const habits = await call(server.url, looking, 'GET', '/api/habits');
      if (habits.status === 200) seen = habits.body as Habit[];
      else await sleep(20);
    }
    await server.kill();
    const answered = await answer;
    // The kill came while the days were being added: no answer, every habit in, none counted yet.
    expect(answered.status).toBe(0);
    expect(seen.length).toBe(file.habits.length);
    expect(seen.filter((habit) => habit.completionCount !== 0)).toEqual([]);

    server = await startServer(env);
    try {
      const again = await signIn(server.url, email);
      const habits = (await call(server.url, again, 'GET', '/api/habits')).body as Habit[];
      const counts = new Map(habits.map((habit) => [habit.id, habit.completionCount]));
      const partial = file.habits.filter((habit) => counts.get(habit.id) !== habit.completedDays.length);
      expect(partial.map((habit) => habit.id)).toEqual([]);
      // The history itself is whole, not only the counters: every day of every habit, as the file has them.
      const exported = (await call(server.url, again, 'GET', '/api/account/export')).body as {
        habits: Array<{ id: string; completedDays: string[] }>;
      };
      const stored = new Map(exported.habits.map((habit) => [habit.id, habit.completedDays.join(',')]));
      const different = file.habits.filter((habit) => stored.get(habit.id) !== habit.completedDays.join(','));
      expect(different.map((habit) => habit.id)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
