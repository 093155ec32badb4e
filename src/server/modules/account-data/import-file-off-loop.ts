import { Worker } from 'node:worker_threads';
import type { AccountImport } from '#shared/api/account-data';
import { nextTurn } from '../../db/next-turn';
import { HttpError, serviceUnavailable } from '../../errors';
import { type FileReading, type PackedImport, readImportText, unpackedDays } from './import-file';

/*
 * An import file at the limits (500,000 completed days: 6.5 MB, of the 16 MiB a body may be) took the
 * event loop 0.2-0.3 s to parse and check on a quiet machine, and more under load: every other
 * person's call and the health check waited that long (docs/decisions/037-fair-heavy-work.md). A large
 * file is read in a worker thread instead; a small one, the usual case, is read at once (a thread costs
 * more than it saves).
 */

/** Above this many bytes, a file is read in a worker thread. */
export const OFF_LOOP_BYTES = 256 * 1024;
/** Files read at once in worker threads, each holding its parse's memory; more wait their turn. */
const MAX_READERS = 2;
/** Completed days rebuilt between two turns of the event loop (some 2-4 ms of it). */
const DAYS_PER_TURN = 20_000;

const waiting: Array<() => void> = [];
let reading = 0;

async function turnToRead(): Promise<() => void> {
  if (reading >= MAX_READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else reading += 1;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  };
}

/*
 * The built server runs the worker compiled beside it (scripts/build-server.ts); the sources, in tests
 * and `npm run dev`, run it through tsx, resolved from the working directory (the repository).
 */
function startWorker(bytes: Uint8Array): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./import-file-worker.js', import.meta.url), { workerData: bytes });
  }
  const source = new URL('./import-file-worker.ts', import.meta.url).href;
  const code = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(code, { eval: true, workerData: bytes });
}

function readInWorker(bytes: Uint8Array): Promise<FileReading<PackedImport>> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(bytes);
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the import file's reader stopped with code ${code}`)));
  });
}

async function unpack(packed: PackedImport): Promise<AccountImport> {
  let sinceTurn = 0;
  const unpackItem = async <Item extends { completedDays: string }>(item: Item) => {
    const completedDays = unpackedDays(item.completedDays);
    sinceTurn += completedDays.length;
    if (sinceTurn >= DAYS_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
    }
    return { ...item, completedDays };
  };
  const tasks: AccountImport['tasks'] = [];
  for (const task of packed.tasks) tasks.push(await unpackItem(task));
  const habits: AccountImport['habits'] = [];
  for (const habit of packed.habits) habits.push(await unpackItem(habit));
  return { ...packed, tasks, habits };
}

/**
 * The import file in `bytes`, parsed and checked against the import's schema, or the 400 that says
 * why not, exactly as for any other body.
 */
export async function readImportFile(bytes: Buffer): Promise<AccountImport> {
  if (bytes.length <= OFF_LOOP_BYTES) return fileOrRefusal(readImportText(bytes.toString('utf8')));
  const done = await turnToRead();
  let packed: FileReading<PackedImport>;
  try {
    packed = await readInWorker(bytes);
  } catch {
    throw serviceUnavailable('Stride could not read this file just now. Try the import again.', 5);
  } finally {
    done();
  }
  return 'file' in packed ? unpack(packed.file) : fileOrRefusal(packed);
}

function fileOrRefusal<File>(reading: FileReading<File>): File {
  if ('file' in reading) return reading.file;
  throw new HttpError(reading.refusal.status, reading.refusal.message, reading.refusal.issues);
}
