import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, sleep } from '../../scripts/cluster-topology';
import { hasPostgresBinaries } from '../server/helpers/postgres-server';

// freePort and sleep have one home, shared with the cluster script that starts the same processes.
export { freePort, sleep };

/*
 * Real server processes for the fault tests: src/server/main.ts started as `npm start` would (minus
 * the build), signed in through the real development sign-in over HTTP, killed and restarted at will.
 * Everything listens on loopback; every wait is bounded.
 */

/**
 * The PostgreSQL fault tests need Debian's postgresql-15. Without it they are skipped with a loud
 * warning, except in CI (CI=true), where a missing server is a failure like in the server-pg project.
 */
export function postgresAvailable(): boolean {
  if (hasPostgresBinaries() || process.env.CI === 'true') return true;
  console.warn('!!! PostgreSQL binaries not found: the PostgreSQL fault tests are SKIPPED');
  return false;
}

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM and wait. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait: nothing in flight is finished. */
  kill(): Promise<number | null>;
};

/** Starts main.ts with `env` (DATA_DIR or DATABASE_URL) and waits until it answers /api/health. */
export async function startServer(
  env: Record<string, string>,
  /** `cwd`: another checkout to run main.ts from (the benchmarks' side-by-side runs). */
  options: { waitForHealth?: boolean; cwd?: string } = {},
): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  // Both are free now and neither listens yet: they must not be the same one.
  let issuerPort = await freePort();
  while (issuerPort === port) issuerPort = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DEV_OIDC_PORT: String(issuerPort),
      PUBLIC_URL: url,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
  if (options.waitForHealth === false) return server;
  let done = false;
  void exited.then(() => {
    done = true;
  });
  for (let i = 0; i < 600 && !done; i += 1) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy at ${url}:\n${output}`);
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((cookie) => cookie.split(';', 1)[0] ?? '');
}

/** The development sign-in over plain HTTP, as the README's curl example does. Returns the cookie. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const start = await fetch(`${baseUrl}/api/auth/google?login_hint=${encodeURIComponent(email)}`, {
    redirect: 'manual',
  });
  const stateCookie = cookiesOf(start).join('; ');
  const atIssuer = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  const callback = new URL(atIssuer.headers.get('location') ?? '');
  const back = await fetch(`${baseUrl}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
    headers: { cookie: stateCookie },
  });
  const session = cookiesOf(back).find((cookie) => cookie.startsWith('stride_session='));
  if (!session) throw new Error(`sign-in failed: ${back.status} ${back.headers.get('location')}`);
  return session;
}

export type Call = { status: number; body: unknown; ms: number; retryAfter: string | null };

/** One API call as the app makes it (cookie, Origin, JSON); network failures answer status 0. */
export async function call(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = 15_000,
): Promise<Call> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        cookie,
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      ms: performance.now() - started,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch {
    return { status: 0, body: undefined, ms: performance.now() - started, retryAfter: null };
  }
}

/** A new empty database on a throwaway server, and a function that drops it. */
export async function createDatabase(adminUrl: string, urlFor: (name: string) => string) {
  const name = `stride_fault_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: urlFor(name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
