import { startEmbeddedWorker } from './db/embedded-worker-start';

/*
 * The server's entry. The embedded database's thread is started first of all, and boots (Node, PGlite)
 * while this one reads the environment and locks the data directory; the directory then opens while
 * the server's own code (./serve) loads, side by side instead of one after the other
 * (docs/decisions/034-start-without-rebuilding.md). So the modules below are imported only when their
 * turn comes, and this file's one static import is the worker's starter.
 *
 * The environment is read after the thread is started: `DATABASE_URL` is looked at here only to start
 * no thread where none will be used; the environment's rules (./env) decide.
 */
const booting = process.env.DATABASE_URL?.trim() ? undefined : startEmbeddedWorker();

const { loadEnv } = await import('./env');
const { errorText, fail } = await import('./start-failure');
const { openDataDir } = await import('./db/embedded-open');

const env = (() => {
  try {
    return loadEnv();
  } catch (error) {
    return fail(errorText(error));
  }
})();

let lockLost: () => void = () => undefined;
const embedded = env.DATABASE_URL
  ? undefined
  : {
      opening: openDataDir(env.DATA_DIR, () => lockLost(), booting),
      lockLost: new Promise<void>((resolve) => {
        lockLost = resolve;
      }),
    };
if (!embedded) void booting?.terminate();
// A failed opening is told where it is awaited, once the server's code has loaded (./serve).
embedded?.opening.catch(() => undefined);

const { serve } = await import('./serve');
await serve(env, embedded);
