import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { madeDataDir } from '../../../tests/server/helpers/made-databases';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { type OpenDataDir, OpeningDataDir, openDataDir } from './embedded-open';
import { startEmbeddedWorker } from './embedded-worker-start';

/*
 * The embedded database while its data directory opens (docs/decisions/034-start-without-rebuilding.md):
 * the server builds its app on it before it is open, so what is asked meanwhile must wait and then run
 * in order, and an opening that fails must fail it all and leave nothing behind.
 */

const root = mkdtempSync(join(tmpdir(), 'stride-opening-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An opening that starts only when `start` is called, as a slow one would. */
function heldOpening(dataDir: string): { opening: Promise<OpenDataDir>; start: () => void } {
  let start: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    start = resolve;
  });
  return { opening: gate.then(() => openDataDir(dataDir)), start };
}

describe('a data directory still opening', () => {
  it('runs what was asked before it opened, in the order asked, and then straight away', async () => {
    const dataDir = madeDataDir(join(root, 'ordered'));
    const { opening, start } = heldOpening(dataDir);
    const client = new OpeningDataDir(opening);
    expect(client.activity(5_000)).toBe('busy');
    const created = client.exec('create table t (n int)');
    const inserted = client.transaction((tx) => tx.query('insert into t values (1), (2)'));
    const read = client.query<{ n: number }>('select n from t order by n');
    start();
    await client.opened();
    expect((await read).rows).toEqual([{ n: 1 }, { n: 2 }]);
    await Promise.all([created, inserted]);
    expect((await client.query<{ count: number }>('select count(*)::int as count from t')).rows).toEqual([
      { count: 2 },
    ]);
    expect(client.activity(5_000)).toBe('idle');
    await client.close();
    // Closing released the directory for the next process.
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('fails what was asked, and its opening, with the reason, and then calls itself stopped', async () => {
    const client = new OpeningDataDir(Promise.reject(new Error('the disk is gone')));
    const asked = client.query('select 1');
    await expect(asked).rejects.toThrow('the disk is gone');
    await expect(client.opened()).rejects.toThrow('the disk is gone');
    expect(client.activity(5_000)).toBe('stopped');
    await expect(client.close()).resolves.toBeUndefined();
  });

  it('waits for the opening when closed before it ends, then closes and releases the lock', async () => {
    const dataDir = madeDataDir(join(root, 'closed-early'));
    const { opening, start } = heldOpening(dataDir);
    const client = new OpeningDataDir(opening);
    const closed = client.close();
    start();
    await closed;
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    await expect(client.query('select 1')).rejects.toThrow();
  }, 60_000);
});

describe('a thread started before its directory is locked', () => {
  it('opens the directory once it is locked', async () => {
    const dataDir = madeDataDir(join(root, 'booted'));
    const worker = startEmbeddedWorker();
    const { thread, lock } = await openDataDir(dataDir, undefined, worker);
    try {
      expect((await thread.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await thread.close();
      lock.release();
    }
  }, 60_000);

  it('is stopped, and opens nothing, when the directory is locked by someone else', async () => {
    const dataDir = madeDataDir(join(root, 'taken'));
    const holder = await lockDataDir(dataDir);
    const worker = startEmbeddedWorker();
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    try {
      await expect(openDataDir(dataDir, undefined, worker)).rejects.toBeInstanceOf(DataDirLockedError);
      await exited;
    } finally {
      holder.release();
    }
  }, 60_000);
});
