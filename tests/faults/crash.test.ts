import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { faultEngines } from './engines';
import { call, type ServerProcess, signIn, sleep, startServer } from './harness';

/*
 * kill -9 of the server in the middle of a stream of creates and completions: after a restart every
 * write the server acknowledged is there, on both engines.
 */

const { engines, envFor } = faultEngines('crash');

describe.each(engines)('kill -9 on %s', (engine) => {
  it('loses no acknowledged create or completion', async () => {
    const env = await envFor(engine);
    let server: ServerProcess = await startServer(env);
    const email = `crash-${randomUUID()}@example.com`;
    const cookie = await signIn(server.url, email);

    const ackedTasks = new Set<string>();
    const ackedCompletions = new Set<string>();
    let stopped = false;
    const worker = async () => {
      while (!stopped) {
        const taskId = randomUUID();
        const created = await call(server.url, cookie, 'POST', '/api/tasks', {
          id: taskId,
          title: 'Crash-proof',
        });
        if (created.status === 201) ackedTasks.add(taskId);
        const habitId = randomUUID();
        const habit = await call(server.url, cookie, 'POST', '/api/habits', { id: habitId, title: 'Tick' });
        if (habit.status !== 201) continue;
        const ticked = await call(server.url, cookie, 'PATCH', `/api/habits/${habitId}`, {
          completedToday: true,
        });
        if (ticked.status === 200) ackedCompletions.add(habitId);
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    // Let a few hundred writes through, then pull the plug mid-stream.
    for (let i = 0; i < 100 && ackedTasks.size < 150; i += 1) await sleep(50);
    await server.kill();
    stopped = true;
    await Promise.all(workers);
    expect(ackedTasks.size).toBeGreaterThan(20);

    server = await startServer(env);
    try {
      const again = await signIn(server.url, email);
      const tasks = (await call(server.url, again, 'GET', '/api/tasks')).body as Array<{ id: string }>;
      const habits = (await call(server.url, again, 'GET', '/api/habits')).body as Array<{
        id: string;
        completionCount: number;
      }>;
      const taskIds = new Set(tasks.map((task) => task.id));
      const missingTasks = [...ackedTasks].filter((id) => !taskIds.has(id));
      const counted = new Map(habits.map((habit) => [habit.id, habit.completionCount]));
      const missingTicks = [...ackedCompletions].filter((id) => counted.get(id) !== 1);
      expect({ missingTasks, missingTicks }).toEqual({ missingTasks: [], missingTicks: [] });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
