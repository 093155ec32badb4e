import { addDays } from '#shared/domain/days';
import {
  buildBenchServer,
  type Call,
  CONNECTIONS,
  DURATION_S,
  floorCall,
  floorTargets,
  forEachEngine,
  headersFor,
  measureInRounds,
  printRows,
  printTargets,
  ROUNDS,
  type Row,
  startEngineServer,
  type Target,
  warmUp,
} from './engine-runs';
import type { BenchServer } from './processes';

/*
 * `npm run bench -- plan`: the planning reads of an account that plans ahead (bench/seed.ts,
 * seedPlanner: 300 tasks over the next 60 days, 100 of them repeating) on both engines, beside the same
 * floor as the API report, with the same seeded data around it. Today must stay at or above half the
 * floor and a 14-day Upcoming at or above 30% (docs/benchmark.md).
 */

/** The 14 days Upcoming is asked for, from the planner's today (in UTC, as every benchmark call says). */
type Range = { from: string; to: string };

const asPlanner = (server: BenchServer, extra: Record<string, string> = {}) => {
  if (!server.account.planner) throw new Error('this seed has no planner account');
  return { ...headersFor(server.account.planner.token, server.base), ...extra };
};

const TODAY = 'GET /api/today (300 planned)';
const UPCOMING = 'GET /api/upcoming (14 days, 300 planned)';

const CALLS: Array<Call<Range>> = [
  floorCall,
  { name: TODAY, options: (s) => ({ url: `${s.base}/api/today`, headers: asPlanner(s) }) },
  {
    // Built every time, as after any write: the kept answer is not used (bench/api.ts says why both are read).
    name: 'GET /api/today (300 planned, built each time)',
    options: (s) => ({ url: `${s.base}/api/today`, headers: asPlanner(s, { 'cache-control': 'no-cache' }) }),
  },
  {
    name: UPCOMING,
    options: (s, range) => ({
      url: `${s.base}/api/upcoming?from=${range.from}&to=${range.to}`,
      headers: asPlanner(s),
    }),
  },
  {
    name: 'GET /api/upcoming (14 days, 300 planned, built each time)',
    options: (s, range) => ({
      url: `${s.base}/api/upcoming?from=${range.from}&to=${range.to}`,
      headers: asPlanner(s, { 'cache-control': 'no-cache' }),
    }),
  },
];

export async function runPlanBenchmark(): Promise<void> {
  buildBenchServer();
  console.log(
    `Planning reads: autocannon, ${CONNECTIONS} connections, medians of ${ROUNDS} interleaved runs of ${DURATION_S} s, compiled server process\n`,
  );
  const rows: Row[] = [];
  const targets: Target[] = [];
  await forEachEngine(async (engine, env) => {
    const server = await startEngineServer(env);
    try {
      const res = await fetch(`${server.base}/api/upcoming`, { headers: asPlanner(server) });
      const { today } = (await res.json()) as { today: string };
      const range = { from: today, to: addDays(today, 13) };
      await warmUp(server, CALLS, range);
      const measured = await measureInRounds(engine, server, CALLS, range);
      rows.push(...measured);
      targets.push(
        ...floorTargets(engine, measured, [
          [TODAY, 0.5],
          [UPCOMING, 0.3],
        ]),
      );
    } finally {
      await server.stop();
    }
  });
  printRows(rows);
  printTargets(targets);
}
