import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { firstFailure } from './first-failure';

/**
 * `npm test`: every check, in stages, each printing its time (docs/decisions/025-suite-time.md).
 * The short checks and the build share the two cores at once, their output held back and printed
 * whole when each ends; the long suites then run one after another with their output as it comes,
 * because each already keeps both cores busy and the fault tests' time bounds want a quiet machine.
 * The one exception is a fault file that is nearly all waiting on the clock: it runs beside vitest.
 * The first stage that fails stops the run, as `a && b && c` did.
 */
type Stage = {
  name: string;
  command: string[];
  /** Runs beside its group's streamed stage, its output printed whole once the group has ended. */
  held?: boolean;
  /**
   * What the suite prints once its tests have run. A suite that ends with code 0 without it ran no
   * test (vitest ends so when a global setup's promise never settles), and fails the stage.
   */
  summary?: RegExp;
};

/** Vitest's count line ("Tests  2335 passed | 5 skipped (2340)"). */
const VITEST_SUMMARY = /^\s*Tests\s+(\d+ failed \| )?\d+ passed/m;
/** Playwright's count line ("118 passed (6.8m)"). */
const PLAYWRIGHT_SUMMARY = /^\s*\d+ passed \(/m;

const npmRun = (script: string, ...args: string[]) => ['npm', 'run', '--silent', script, '--', ...args];

/**
 * The reminders' fault file spends about 105 s waiting for a real minute and a lease to run out, with
 * a few server processes idle meanwhile: beside vitest it costs that stage a few seconds of processor,
 * where it held the fault stage for its whole wait.
 */
const WAITING_FAULTS = 'tests/faults/reminders.test.ts';

const plan: Stage[][] = [
  [
    { name: 'typecheck', command: npmRun('typecheck') },
    { name: 'lint', command: npmRun('lint') },
    { name: 'build', command: npmRun('build') },
  ],
  [
    { name: 'unit and server (vitest)', command: npmRun('test:unit'), summary: VITEST_SUMMARY },
    {
      name: 'faults: reminders',
      command: npmRun('test:faults', WAITING_FAULTS),
      summary: VITEST_SUMMARY,
      held: true,
    },
  ],
  [{ name: 'faults', command: npmRun('test:faults', '--exclude', WAITING_FAULTS), summary: VITEST_SUMMARY }],
  [{ name: 'journeys (Playwright)', command: npmRun('test:journeys'), summary: PLAYWRIGHT_SUMMARY }],
];

type Outcome = { name: string; seconds: number; code: number; output?: string };

function run(stage: Stage, streamed: boolean): Promise<Outcome & { output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [command, ...args] = stage.command;
    // Piped either way, so the summary can be looked for; a streamed stage's output is passed on as it comes.
    // Colours as on a terminal when this runs on one (the suites drop them on a pipe).
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(command as string, args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (streamed) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (streamed) process.stderr.write(chunk);
    });
    child.on('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString('utf8');
      let exit = code ?? (signal ? 1 : 0);
      const plain = stripVTControlCharacters(output);
      if (exit === 0 && stage.summary && !stage.summary.test(plain)) {
        console.log(`=== ${stage.name} ended with code 0 but printed no test count: no test ran`);
        exit = 1;
      }
      resolve({ name: stage.name, seconds: (performance.now() - started) / 1000, code: exit, output });
    });
  });
}

const line = (outcome: Outcome) =>
  `${outcome.code === 0 ? 'ok    ' : 'FAILED'} ${outcome.name.padEnd(26)} ${outcome.seconds.toFixed(1).padStart(6)} s`;

async function main(): Promise<number> {
  const started = performance.now();
  const done: Outcome[] = [];
  for (const group of plan) {
    // A group of one suite (and what is held beside it) streams; the short checks are all held.
    const leads = group.filter((stage) => !stage.held);
    const outcomes = await Promise.all(
      group.map(async (stage) => {
        const streamed = leads.length === 1 && !stage.held;
        if (streamed) console.log(`\n=== ${stage.name}`);
        const outcome = await run(stage, streamed);
        if (!streamed && !stage.held) console.log(`\n=== ${stage.name}\n${outcome.output.trimEnd()}`);
        if (!stage.held) console.log(`=== ${line(outcome)}`);
        return outcome;
      }),
    );
    // Held output waits for the streamed suite's end, so the two never interleave.
    for (const [index, stage] of group.entries()) {
      const outcome = outcomes[index];
      if (stage.held && outcome)
        console.log(`\n=== ${stage.name}\n${outcome.output.trimEnd()}\n=== ${line(outcome)}`);
    }
    done.push(...outcomes);
    if (outcomes.some((outcome) => outcome.code !== 0)) break;
  }
  const total = (performance.now() - started) / 1000;
  console.log(
    `\nnpm test, stage by stage:\n${done.map(line).join('\n')}\n${'total'.padStart(33)} ${total.toFixed(1).padStart(6)} s`,
  );
  const failed = done.filter((outcome) => outcome.code !== 0);
  const skipped = plan.flat().length - done.length;
  console.log(`stages: ${done.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length > 0) {
    for (const outcome of failed) {
      const failure = firstFailure(outcome.output ?? '');
      if (failure) console.log(`\nfirst failure in ${outcome.name}:\n${failure}`);
    }
    console.log(
      `failed: ${failed.map((outcome) => outcome.name).join(', ')}${skipped ? `; ${skipped} stage(s) not run` : ''}`,
    );
    return 1;
  }
  return 0;
}

process.exitCode = await main();
