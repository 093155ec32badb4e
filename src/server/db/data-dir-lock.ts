import { randomBytes } from 'node:crypto';
import {
  closeSync,
  openSync,
  readFileSync,
  readlinkSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

/*
 * One server per embedded data directory (docs/architecture.md, "Faults"). Two processes writing one
 * PGlite directory each keep their own copy of the database in memory and overwrite each other's
 * files, so whichever stops first loses what it acknowledged. The lock is a file in DATA_DIR naming
 * its holder; the holder touches it every HEARTBEAT_MS.
 *
 * A lock whose holder is gone is taken over: at once when the holder ran in this pid namespace (the
 * pid answers or not), otherwise (another container on a shared volume) once the heartbeat has been
 * silent for STALE_MS.
 */

export const LOCK_FILE = 'stride.lock';
export const HEARTBEAT_MS = 2_000;
export const STALE_MS = 10_000;

type LockOwner = {
  token: string;
  pid: number;
  hostname: string;
  /** The kernel's pid namespace and boot: equal means this process can ask whether the pid lives. */
  namespace: string | null;
  startedAt: string;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly holder: LockOwner,
    dataDir: string,
  ) {
    super(
      `Another Stride server (pid ${holder.pid} on ${holder.hostname}) is using the data directory ${dataDir}: stop it first, or give this server its own DATA_DIR`,
    );
    this.name = 'DataDirLockedError';
  }
}

function pidNamespace(): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${readlinkSync('/proc/self/ns/pid')}@${boot}`;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): { owner: LockOwner | undefined; ageMs: number } | undefined {
  try {
    const ageMs = Date.now() - statSync(path).mtimeMs;
    try {
      return { owner: JSON.parse(readFileSync(path, 'utf8')) as LockOwner, ageMs };
    } catch {
      // Half-written or foreign content: only its age can tell whether someone still holds it.
      return { owner: undefined, ageMs };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** True when nobody holds this lock any more. */
function isStale(found: { owner: LockOwner | undefined; ageMs: number }, namespace: string | null): boolean {
  const { owner, ageMs } = found;
  if (owner && namespace !== null && owner.namespace === namespace) {
    // Our own pid (a restart in a fresh container is pid 1 again) holds nothing unless `held` says so.
    return owner.pid === process.pid || !isAlive(owner.pid);
  }
  return ageMs > STALE_MS;
}

function tryCreate(path: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks this process holds: a lock naming our own pid is ours only if it is in here. */
const held = new Set<string>();

export type DataDirLock = {
  /** Stops the heartbeat and removes the lock (only if it is still ours). */
  release(): void;
};

/**
 * Takes the lock on `dataDir` or throws DataDirLockedError naming the holder. Waits up to
 * `waitMs` for a holder in another pid namespace whose heartbeat may be about to go silent, so a
 * restarted container on a shared volume starts as soon as the old one is gone.
 */
export async function lockDataDir(
  dataDir: string,
  options: { waitMs?: number; onLost?: (holder: LockOwner | undefined) => void } = {},
): Promise<DataDirLock> {
  const path = resolve(dataDir, LOCK_FILE);
  const namespace = pidNamespace();
  if (held.has(path)) {
    throw new DataDirLockedError(
      { token: '', pid: process.pid, hostname: hostname(), namespace, startedAt: '' },
      dataDir,
    );
  }
  const me: LockOwner = {
    token: randomBytes(12).toString('hex'),
    pid: process.pid,
    hostname: hostname(),
    namespace,
    startedAt: new Date().toISOString(),
  };
  const deadline = Date.now() + (options.waitMs ?? STALE_MS + HEARTBEAT_MS);

  for (;;) {
    if (tryCreate(path, me)) break;
    const found = readOwner(path);
    if (!found) continue;
    if (isStale(found, namespace)) {
      // Whoever removes the stale file first creates the next one; a loser finds it taken and looks again.
      try {
        unlinkSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      continue;
    }
    const sameNamespace = found.owner?.namespace === namespace && namespace !== null;
    if (sameNamespace || Date.now() >= deadline) {
      throw new DataDirLockedError(
        found.owner ?? { token: '', pid: 0, hostname: 'unknown', namespace: null, startedAt: '' },
        dataDir,
      );
    }
    await sleep(500);
  }

  // Two processes may have removed one stale lock at once and each created a new one in turn: the
  // file says who won. The loser stops here instead of writing beside the winner.
  await sleep(50);
  const settled = readOwner(path);
  if (settled?.owner?.token !== me.token) {
    throw new DataDirLockedError(settled?.owner ?? me, dataDir);
  }

  held.add(path);
  let released = false;
  const heartbeat = setInterval(() => {
    const current = readOwner(path);
    if (current?.owner?.token !== me.token) {
      clearInterval(heartbeat);
      if (!released) options.onLost?.(current?.owner);
      return;
    }
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // A full or read-only disk: the next beat tries again; the database will be failing anyway.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    release() {
      if (released) return;
      released = true;
      held.delete(path);
      clearInterval(heartbeat);
      if (readOwner(path)?.owner?.token === me.token) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      }
    },
  };
}
