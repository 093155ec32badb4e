import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPGlite, madeDataDir } from '../../../tests/server/helpers/made-databases';
import { type Database, embeddedThreadOf, executeRows, inTransaction, openDatabase } from './client';
import { classifyDatabaseError, codeOf } from './database-errors';
import { EmbeddedThreadStopped, openEmbeddedThread } from './embedded-thread';
import { startEmbeddedWorker } from './embedded-worker-start';

/*
 * The embedded database in its own thread (docs/decisions/040-embedded-database-thread.md): it answers
 * as an in-process PGlite does, through drizzle and directly, and the server's event loop keeps
 * turning while it works.
 */

const root = mkdtempSync(join(tmpdir(), 'stride-thread-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: madeDataDir(join(root, 'data')) });
  await database.db.execute(sql`create table t (id int primary key, label text)`);
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** How many turns the event loop makes before `statement` is answered. */
async function turnsDuring(statement: Promise<unknown>): Promise<number> {
  let done = false;
  const finished = statement.finally(() => {
    done = true;
  });
  let turns = 0;
  while (!done) {
    await nextTurn();
    turns += 1;
  }
  await finished;
  return turns;
}

function thread() {
  const pglite = database.pglite;
  if (!pglite) throw new Error('an embedded database has its client');
  return pglite;
}

/** The driver's error under drizzle's wrapper. */
function driverError(error: unknown): Record<string, unknown> {
  let current = error as { cause?: unknown } | undefined;
  while (current?.cause) current = current.cause as { cause?: unknown };
  return current as Record<string, unknown>;
}

describe('the embedded database in its own thread', () => {
  it('answers rows as objects and as arrays, and dates and intervals as PostgreSQL writes them', async () => {
    const text =
      "select 1 as a, 'x' as b, '2026-11-27'::date as day, '2026-11-27 10:00:00+00'::timestamptz as at";
    expect((await thread().query(text)).rows).toEqual([
      { a: 1, b: 'x', day: new Date('2026-11-27T00:00:00Z'), at: new Date('2026-11-27T10:00:00Z') },
    ]);
    expect((await thread().query(text, [], { rowMode: 'array' })).rows[0]).toEqual([
      1,
      'x',
      new Date('2026-11-27T00:00:00Z'),
      new Date('2026-11-27T10:00:00Z'),
    ]);
    // drizzle asks for the text of dates, timestamps and intervals (drizzle-orm/pglite's session).
    expect(
      await executeRows(
        database.db,
        sql`select '2026-11-27'::date as day, '2026-11-27 10:00:00+00'::timestamptz as at, '1 day'::interval as span`,
      ),
    ).toEqual([{ day: '2026-11-27', at: '2026-11-27 10:00:00+00', span: '1 day' }]);
    // Values cross as structured clone carries them.
    const bytes = new Uint8Array([1, 2, 255]);
    expect(
      (await thread().query('select $1::bytea as b, $2::int8 as n', [bytes, '9007199254740993'])).rows,
    ).toEqual([{ b: bytes, n: 9007199254740993n }]);
  });

  it('raises a unique violation with its code, constraint and table, as PGlite does', async () => {
    await database.db.execute(sql`insert into t values (1, 'one')`);
    let failure: unknown;
    try {
      await database.db.execute(sql`insert into t values (1, 'again')`);
    } catch (error) {
      failure = error;
    }
    expect(codeOf(failure)).toBe('23505');
    const cause = driverError(failure);
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    expect(cause).toMatchObject({ constraint: 't_pkey', table: 't', severity: 'ERROR' });
    expect(cause.message).toMatch(/duplicate key value violates unique constraint "t_pkey"/);
  });

  it('rolls back a transaction that throws, and throws the same error', async () => {
    const mine = new Error('changed my mind');
    await expect(
      inTransaction(database.db, async (tx) => {
        await tx.execute(sql`insert into t values (20, 'inside')`);
        throw mine;
      }),
    ).rejects.toBe(mine);
    expect(await executeRows(database.db, sql`select id from t where id = 20`)).toEqual([]);
  });

  it('runs a statement from outside an open transaction once it has ended', async () => {
    const events: string[] = [];
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    let inserted: () => void = () => undefined;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = inTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into t values (30, 'inside')`);
      inserted();
      await ended;
      // Sent after the outside statement: had that one not waited, it would have been answered first.
      await tx.execute(sql`select pg_sleep(0.05)`);
      events.push('transaction done');
    });
    await insertedYet;
    const outside = executeRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from t where id = 30`,
    ).then((rows) => {
      events.push('outside answered');
      return rows;
    });
    end();
    await transaction;
    expect(await outside).toEqual([{ n: 1 }]);
    expect(events).toEqual(['transaction done', 'outside answered']);
  });

  it("lets heavy work's next piece wait for a request's statements, asked one after another", async () => {
    const events: string[] = [];
    const request = (async () => {
      for (let i = 0; i < 3; i += 1) await thread().query('select pg_sleep(0.02)');
      events.push('request answered');
    })();
    // Bounded in production (othersFirst); unbounded here, so that only the order is looked at.
    await embeddedThreadOf(database.db)?.quiet(60_000);
    events.push('next piece');
    await request;
    expect(events).toEqual(['request answered', 'next piece']);
  });

  it("keeps the server's event loop turning during a long statement, where an in-process PGlite stops it", async () => {
    expect(await turnsDuring(thread().query('select pg_sleep(0.3)'))).toBeGreaterThan(50);
    const inProcess = await emptyPGlite();
    try {
      expect(await turnsDuring(inProcess.query('select pg_sleep(0.3)'))).toBeLessThan(5);
    } finally {
      await inProcess.close();
    }
  });
});

describe('a database thread waited on', () => {
  it('counts as busy from the start of a transaction begun after a quiet spell, not stuck', async () => {
    await thread().query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Its first message is sent at once: the quiet time starts there, not at the answer before.
    const running = thread().transaction((tx) => tx.query('select pg_sleep(0.2)'));
    expect(embeddedThreadOf(database.db)?.activity(40)).toBe('busy');
    await running;
  });

  it('keeps alive a process that has nothing else to wait on, through a transaction', () => {
    // No socket, no timer: only the thread's answers can keep this process going until it prints.
    const dataDir = madeDataDir(join(root, 'alone'));
    const source = new URL('./embedded-thread.ts', import.meta.url).href;
    const code = `
      const { openEmbeddedThread } = await import(${JSON.stringify(source)});
      const alone = await openEmbeddedThread(${JSON.stringify(dataDir)});
      await alone.query('select 1');
      const n = await alone.transaction(async (tx) => (await tx.query('select 2 as n')).rows[0].n);
      console.log('answered', n);
      await alone.close();
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: child.status, out: child.stdout.trim() }, child.stderr).toEqual({
      status: 0,
      out: 'answered 2',
    });
  }, 90_000);
});

describe("a transaction's messages", () => {
  it('send the first statement without waiting for the begin to be answered, and still commit in order', async () => {
    const worker = startEmbeddedWorker();
    const seen: string[] = [];
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message: { id: number; op: string; tx?: number }) => {
      seen.push(message.tx === undefined ? `${message.op} ${message.id}` : `${message.op} in ${message.tx}`);
      post(message);
    };
    worker.on('message', (reply: { id: number }) => seen.push(`answer ${reply.id}`));
    const piped = await openEmbeddedThread(madeDataDir(join(root, 'piped')), worker);
    try {
      await piped.exec('create table p (n int)');
      seen.length = 0;
      await piped.transaction(async (tx) => {
        await tx.query('insert into p values (1)');
        await tx.query('insert into p values (2)');
      });
      const begin = seen.find((event) => event.startsWith('begin '))?.slice('begin '.length);
      expect(seen.indexOf(`query in ${begin}`)).toBeLessThan(seen.indexOf(`answer ${begin}`));
      expect((await piped.query<{ n: number }>('select n from p order by n')).rows).toEqual([
        { n: 1 },
        { n: 2 },
      ]);
    } finally {
      await piped.close();
    }
  }, 60_000);
});

describe('a database thread that stops', () => {
  it('fails the waiting and every later call as unavailable, and calls itself stopped', async () => {
    const dataDir = madeDataDir(join(root, 'stopped'));
    const worker = startEmbeddedWorker();
    const stopping = await openEmbeddedThread(dataDir, worker);
    try {
      expect(stopping.activity(5_000)).toBe('idle');
      const waiting = stopping.query('select pg_sleep(5)');
      waiting.catch(() => undefined);
      expect(stopping.activity(5_000)).toBe('busy');
      // Silent past the bound while a statement waits: stuck.
      expect(stopping.activity(0)).toBe('stuck');
      await worker.terminate();
      const failures = await Promise.allSettled([waiting, stopping.query('select 1')]);
      for (const failure of failures) {
        expect(failure.status).toBe('rejected');
        const reason = (failure as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(EmbeddedThreadStopped);
        expect(classifyDatabaseError(reason)).toBe('unavailable');
      }
      expect(stopping.activity(5_000)).toBe('stopped');
    } finally {
      await stopping.close();
    }
  }, 120_000);

  it('is stopped as a crash would be when closing outlasts its bound, and the close says so', async () => {
    const dataDir = madeDataDir(join(root, 'slow-close'));
    const slow = await openEmbeddedThread(dataDir, startEmbeddedWorker(), { closeWithinMs: 200 });
    // A statement far longer than this test may last: the close waits for it only up to its bound.
    const waiting = slow.query('select pg_sleep(60)');
    waiting.catch(() => undefined);
    await expect(slow.close()).rejects.toThrow('did not close within 200 ms, so its thread was stopped');
    await expect(waiting).rejects.toThrow();
    expect(slow.activity(5_000)).toBe('stopped');
  }, 30_000);
});
