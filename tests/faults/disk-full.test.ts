import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FREE_BYTES } from '../../src/server/db/storage-guard';
import { call, type ServerProcess, signIn, sleep, startServer } from './harness';

/*
 * The embedded database's disk filling up, on a real small filesystem (a 160 MB tmpfs): writes stop
 * with a 503 that says why, reads go on, /api/health reports it, and writes resume by themselves once
 * space is freed; the server never dies. Mounting needs root: without it the test says so and skips.
 */

const mountPoint = mkdtempSync(join(tmpdir(), 'stride-disk-'));
const mounted =
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountPoint], { encoding: 'utf8' }).status ===
  0;
if (!mounted)
  console.warn(`!!! could not mount a tmpfs at ${mountPoint} (needs root): disk-full test SKIPPED`);

let server: ServerProcess | undefined;

beforeAll(() => {
  if (mounted) mkdirSync(join(mountPoint, 'data'));
});
afterAll(async () => {
  if (server && server.child.exitCode === null) await server.stop();
  if (mounted) spawnSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

function freeBytes(): number {
  const stats = statfsSync(mountPoint);
  return stats.bavail * stats.bsize;
}

describe.runIf(mounted)('a full disk under the embedded database', () => {
  it('stops writes with a 503, keeps reads, reports it, and resumes once space is freed', async () => {
    server = await startServer({ DATA_DIR: join(mountPoint, 'data') });
    const cookie = await signIn(server.url, `disk-${randomUUID()}@example.com`);
    expect((await call(server.url, cookie, 'POST', '/api/tasks', { title: 'Before' })).status).toBe(201);

    // Fill the disk to just under the floor the server keeps free.
    const filler = join(mountPoint, 'filler');
    const size = Math.max(0, freeBytes() - MIN_FREE_BYTES + 8 * 1024 * 1024);
    expect(spawnSync('fallocate', ['-l', String(size), filler]).status).toBe(0);
    expect(freeBytes()).toBeLessThan(MIN_FREE_BYTES);
    await sleep(1_100);

    const refused = await call(server.url, cookie, 'POST', '/api/tasks', { title: 'During' });
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('30');
    expect(refused.body).toEqual({
      message:
        'Stride is out of disk space and cannot save changes right now. Your data is safe; try again once space is freed.',
    });
    const health = await call(server.url, cookie, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 503, body: { status: 'degraded', database: 'full' } });
    const tasks = await call(server.url, cookie, 'GET', '/api/tasks');
    expect(tasks.status).toBe(200);
    expect((tasks.body as Array<{ title: string }>).map((task) => task.title)).toEqual(['Before']);

    rmSync(filler);
    await sleep(1_100);
    expect((await call(server.url, cookie, 'POST', '/api/tasks', { title: 'After' })).status).toBe(201);
    expect((await call(server.url, cookie, 'GET', '/api/health')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
