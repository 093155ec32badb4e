import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from '../../src/server/db/data-dir-lock';
import './helpers/test-database';

/*
 * src/server/main.ts as a real process: start on the engine this project tests (a new PGlite data
 * directory, or a new empty PostgreSQL database so main runs the migrations itself), answer, and stop
 * gracefully on SIGTERM; refuse to start with one clear line when it cannot.
 */

type Exit = { code: number | null; stdout: string; stderr: string };

function startMain(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<Exit>;
  output: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<Exit>((resolve) => {
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, exited, output: () => stdout };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, exited: Promise<Exit>): Promise<Response> {
  let stopped = false;
  void exited.then(() => {
    stopped = true;
  });
  for (let i = 0; i < 300 && !stopped; i += 1) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`server did not answer at ${url}: ${JSON.stringify(await exited)}`);
}

const source = inject('testDatabase');
const dataDir = mkdtempSync(join(tmpdir(), 'stride-main-'));
let databaseEnv: Record<string, string> = { DATA_DIR: join(dataDir, 'db') };
let dropDatabase = async () => {};

beforeAll(async () => {
  if (source.kind !== 'postgres') return;
  const name = `stride_main_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databaseEnv = { DATABASE_URL: `${source.urlPrefix}${name}` };
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: source.adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
});
afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('main', () => {
  it('migrates, serves on loopback only, announces development sign-in, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const issuerPort = await freePort();
    // No HOST: the development default must keep the password-less sign-in on this machine.
    const { child, exited, output } = startMain({
      ...databaseEnv,
      PORT: String(port),
      DEV_OIDC_PORT: String(issuerPort),
    });
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, exited);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (outward) {
      await expect(fetch(`http://${outward.address}:${port}/api/health`)).rejects.toThrow();
      await expect(fetch(`http://${outward.address}:${issuerPort}/jwks`)).rejects.toThrow();
    } else {
      console.warn('No non-loopback IPv4 interface here: the loopback-only check was not made');
    }

    const maintained = 'embedded database maintenance (start) done';
    if (source.kind === 'pglite') {
      const settled = () => output().includes(maintained) || output().includes('maintenance failed');
      for (let i = 0; i < 300 && !settled(); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    child.kill('SIGTERM');
    const exit = await exited;
    expect(exit.code).toBe(0);
    if (source.kind === 'pglite') {
      // The start's vacuum runs once the server listens, not before (bench/notes/footprint.md).
      expect(exit.stdout).toContain(maintained);
      expect(exit.stdout.indexOf('Stride is ready at')).toBeLessThan(exit.stdout.indexOf(maintained));
    }
    expect(exit.stdout).toContain('Development sign-in is active');
    expect(exit.stdout).toContain(`Stride is ready at http://localhost:${port}`);
    expect(exit.stdout).toContain('shutting down');
    // A busy machine stretches the start under tsx and the start's vacuum several times.
  }, 120_000);

  it('starts with Google credentials, where no development issuer keeps the process busy, and serves', async () => {
    // Nothing but the database is waited on until the server listens: a database thread that let go of
    // the process during a transaction ended this start with code 13 (src/server/db/embedded-thread.ts).
    const port = await freePort();
    const { child, exited } = startMain({
      ...databaseEnv,
      PORT: String(port),
      GOOGLE_CLIENT_ID: 'stride-test',
      GOOGLE_CLIENT_SECRET: 'stride-test-secret',
    });
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, exited);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
    child.kill('SIGTERM');
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).not.toContain('Development sign-in is active');
  }, 120_000);

  it.runIf(source.kind === 'pglite')(
    'stops writing and exits once another process has taken its data directory',
    async () => {
      // The lock is taken by the entry before the rest of the server loads (main.ts); losing it must
      // still reach the server's shutdown, without the drain.
      const port = await freePort();
      const dir = join(dataDir, 'taken');
      const { exited } = startMain({
        DATA_DIR: dir,
        PORT: String(port),
        DEV_OIDC_PORT: String(await freePort()),
      });
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, exited);
      const lockFile = join(dir, LOCK_FILE);
      const owner = JSON.parse(readFileSync(lockFile, 'utf8')) as Record<string, unknown>;
      writeFileSync(lockFile, JSON.stringify({ ...owner, token: 'another process', pid: 1 }));
      const exit = await exited;
      expect(exit.stdout).toContain('another process took the data directory');
      expect(exit.stdout).toContain('shutting down');
      expect(exit.stdout).not.toContain('draining');
    },
    60_000,
  );

  it('prints one line and exits 1 when the database cannot be opened', async () => {
    const { exited } = startMain({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0' });
    const exit = await exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('Cannot open the PostgreSQL database (DATABASE_URL):'),
    ]);
  }, 30_000);

  it.runIf(source.kind === 'pglite')(
    'prints one line and exits 1 when the embedded data directory cannot be opened or is taken',
    async () => {
      // The database opens while the app is built on it (serve.ts): a failed opening must still end
      // the start with its own line, not with what the app or the migrations made of it.
      const notADirectory = join(dataDir, 'a-file');
      writeFileSync(notADirectory, 'not a directory');
      const unopenable = await startMain({ DATA_DIR: notADirectory, PORT: '0', DEV_OIDC_PORT: '0' }).exited;
      expect(unopenable.code).toBe(1);
      expect(unopenable.stderr.trim().split('\n')).toEqual([
        expect.stringContaining(`Cannot open the embedded database in ${notADirectory}:`),
      ]);

      const held = join(dataDir, 'held');
      mkdirSync(held);
      const holder = await lockDataDir(held);
      try {
        const taken = await startMain({ DATA_DIR: held, PORT: '0', DEV_OIDC_PORT: '0' }).exited;
        expect(taken.code).toBe(1);
        expect(taken.stderr.trim().split('\n')).toEqual([
          expect.stringContaining(`Another Stride server (pid ${process.pid} on `),
        ]);
      } finally {
        holder.release();
      }
    },
    60_000,
  );

  it('refuses production without Google credentials, saying what to set', async () => {
    const { exited } = startMain({ NODE_ENV: 'production', PORT: '0' });
    const exit = await exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim()).toBe(
      'Google sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (and PUBLIC_URL) to run with NODE_ENV=production',
    );
  }, 30_000);
});
