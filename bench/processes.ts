import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withStartEnvironment } from '../scripts/start-environment';
import { freePort } from '../tests/faults/harness';
import { type AutocannonOptions, loadAutocannon } from './tools';

/*
 * The benchmark's moving parts: server processes started and stopped, their CPU time read from
 * /proc, and autocannon runs against them. Every server listens on loopback.
 */

export type Account = {
  token: string;
  habitId: string;
  habitGoalTaskId: string;
  userId: string;
  /** The account that plans ahead (bench/seed.ts); absent from an older version's seed. */
  planner?: { userId: string; token: string };
};

export type BenchServer = {
  base: string;
  pid: number;
  account: Account;
  /** Milliseconds from spawn to listening with the account seeded. */
  startupMs: number;
  stop(): Promise<void>;
};

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) a process has used so far, in milliseconds; undefined off Linux. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in MiB. */
export function rssMiB(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kib ? Math.round(Number(kib) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A checkout's compiled benchmark server (bench/server.ts), started as that checkout's `npm start` starts
 * the app: with its start environment and no V8 flags, so the memory and speed measured are the ones
 * people get (package.json, scripts/start-environment.ts).
 */
export function benchServerCommand(dir: string): string[] {
  return withStartEnvironment(dir, ['node', join(dir, 'dist/bench/server.js')]);
}

/**
 * Starts a server process that prints one JSON line with the seeded account when it listens
 * (bench/server.ts, or an older version's equivalent), and waits for that line.
 */
export async function startBenchServer(
  command: string[],
  env: Record<string, string>,
  options: { cwd?: string; readyUrl?: (base: string) => string; account?: Account } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let account = options.account;
  let ready = false;
  for (let i = 0; i < 1200 && child.exitCode === null && !ready; i += 1) {
    if (!account) {
      const line = output.split('\n').find((text) => text.startsWith('{"ready":true'));
      if (line) account = JSON.parse(line) as Account;
    }
    if (account) {
      const url = options.readyUrl?.(base);
      ready =
        url === undefined ||
        (await fetch(url).then(
          (res) => res.ok,
          () => false,
        ));
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!account || !ready || child.exitCode !== null) {
    child.kill('SIGKILL');
    throw new Error(`benchmark server did not start:\n${output}`);
  }
  return {
    base,
    pid: child.pid ?? 0,
    account,
    startupMs: Math.round(performance.now() - started),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type Measured = {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuPerRequest: number | undefined;
};

/** One autocannon run against a server, with the server's CPU time per request over the run. */
export async function measure(server: BenchServer, options: AutocannonOptions): Promise<Measured> {
  const autocannon = await loadAutocannon();
  const before = cpuMs(server.pid);
  const result = await autocannon(options);
  const after = cpuMs(server.pid);
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest:
      before !== undefined && after !== undefined && requests > 0 ? (after - before) / requests : undefined,
  };
}

export function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The medians of several runs of one call. */
export function medianOf(runs: Measured[]): Measured {
  const cpu = runs.map((run) => run.cpuPerRequest).filter((value): value is number => value !== undefined);
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    cpuPerRequest: cpu.length > 0 ? median(cpu) : undefined,
  };
}
