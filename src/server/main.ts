import { openDataDir } from './db/embedded-open';
import { type Env, loadEnv } from './env';
import { errorText, fail } from './start-failure';

/*
 * The server's entry. It starts opening the embedded database before it loads the rest of the server
 * (./serve, imported below): PGlite's boot runs in the database's own thread while this one loads
 * the server's code, instead of one after the other (docs/decisions/034-start-without-rebuilding.md).
 * So this file imports only what that needs.
 */

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  fail(errorText(error));
}

let lockLost: () => void = () => undefined;
const embedded = env.DATABASE_URL
  ? undefined
  : {
      opening: openDataDir(env.DATA_DIR, () => lockLost()),
      lockLost: new Promise<void>((resolve) => {
        lockLost = resolve;
      }),
    };
// A failed opening is told where it is awaited, once the server's code has loaded (./serve).
embedded?.opening.catch(() => undefined);

const { serve } = await import('./serve');
await serve(env, embedded);
