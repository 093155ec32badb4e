import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * `npm test`: every check, in steps of lanes that run side by side, each stage printing its time
 * (docs/decisions/025-suite-time.md). The short checks and the build share the two cores first, their
 * output held back and printed whole when each ends. Then two lanes: vitest followed by the fault
 * tests, beside the journeys. A journey spends most of its time waiting on the browser and the server
 * (about half a core), so the fault tests, which mostly wait on processes they kill and restart, and
 * vitest fill the rest. Lines from two lanes at once carry their stage's name.
 * A stage that fails ends its lane; the other lane finishes, so one run reports every failure, and no
 * later step starts.
 */
type Stage = { name: string; tag: string; command: string[] };
type Lane = Stage[];
/** A step's lanes run side by side; `held` output is printed whole as each stage ends. */
type Step = { output: 'held' | 'prefixed'; lanes: Lane[] };

const npmRun = (script: string, ...args: string[]) => ['npm', 'run', '--silent', script, '--', ...args];

const plan: Step[] = [
  {
    output: 'held',
    lanes: [
      [{ name: 'typecheck', tag: 'types', command: npmRun('typecheck') }],
      [{ name: 'lint', tag: 'lint', command: npmRun('lint') }],
      [{ name: 'build', tag: 'build', command: npmRun('build') }],
    ],
  },
  {
    output: 'prefixed',
    lanes: [
      [
        { name: 'unit and server (vitest)', tag: 'vitest', command: npmRun('test:unit') },
        { name: 'faults', tag: 'faults', command: npmRun('test:faults') },
      ],
      [{ name: 'journeys (Playwright)', tag: 'journeys', command: npmRun('test:journeys') }],
    ],
  },
];

type Outcome = { name: string; seconds: number; code: number };

/** Runs one stage; `output` is where its lines go: held back, or printed as they come with a prefix. */
function run(stage: Stage, output: 'held' | 'prefixed'): Promise<Outcome & { held: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command, ...args] = stage.command;
    const child = spawn(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const held: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (text) => {
        if (output === 'held') held.push(text);
        else console.log(`[${stage.tag}] ${text}`);
      });
    }
    child.on('close', (code, signal) =>
      resolve({
        name: stage.name,
        seconds: (performance.now() - started) / 1000,
        code: code ?? (signal ? 1 : 0),
        held: held.join('\n'),
      }),
    );
  });
}

const line = (outcome: Outcome) =>
  `${outcome.code === 0 ? 'ok    ' : 'FAILED'} ${outcome.name.padEnd(26)} ${outcome.seconds.toFixed(1).padStart(6)} s`;

/** Runs a lane's stages one after another until one fails. */
async function runLane(lane: Lane, output: 'held' | 'prefixed'): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const stage of lane) {
    if (output === 'prefixed') console.log(`\n=== ${stage.name}`);
    const outcome = await run(stage, output);
    if (output === 'held') console.log(`\n=== ${stage.name}\n${outcome.held.trimEnd()}`);
    console.log(`=== ${line(outcome)}`);
    outcomes.push(outcome);
    if (outcome.code !== 0) break;
  }
  return outcomes;
}

async function main(): Promise<number> {
  const started = performance.now();
  const done: Outcome[] = [];
  for (const step of plan) {
    const outcomes = (await Promise.all(step.lanes.map((lane) => runLane(lane, step.output)))).flat();
    done.push(...outcomes);
    if (outcomes.some((outcome) => outcome.code !== 0)) break;
  }
  const total = (performance.now() - started) / 1000;
  console.log(
    `\nnpm test, stage by stage (lanes side by side):\n${done.map(line).join('\n')}\n${'total'.padStart(33)} ${total.toFixed(1).padStart(6)} s`,
  );
  const failed = done.filter((outcome) => outcome.code !== 0);
  const skipped = plan.flatMap((step) => step.lanes.flat()).length - done.length;
  console.log(`stages: ${done.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length > 0) {
    console.log(
      `failed: ${failed.map((outcome) => outcome.name).join(', ')}${skipped ? `; ${skipped} stage(s) not run` : ''}`,
    );
    return 1;
  }
  return 0;
}

process.exitCode = await main();
