import { buildApp } from './app';
import { type Database, embeddedDatabase, openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { DEFAULT_MAINTENANCE, startEmbeddedMaintenance } from './db/embedded-maintenance';
import type { OpenDataDir } from './db/embedded-open';
import { migrateDatabase } from './db/migrate';
import { storageGuard } from './db/storage-guard';
import type { Env } from './env';
import { finishImports } from './modules/account-data/account-import.service';
import { startDevIssuer } from './modules/auth/dev-issuer';
import type { OidcSettings } from './modules/auth/oidc';
import { liveChannelFor } from './modules/live/live-channel';
import { errorText, fail } from './start-failure';

const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Development prints each log record as one line a person reads ("14:02:11 INFO: GET /api/today 200
 * 4ms"); production and tests keep pino's JSON lines, which log collectors read.
 */
async function developmentLogStream(): Promise<{ write(line: string): void }> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
}

/** The embedded database's data directory, its opening started by the server's entry (main.ts). */
export type EarlyOpening = { opening: Promise<OpenDataDir>; lockLost: Promise<void> };

const whereFor = (env: Env) =>
  env.DATABASE_URL ? 'the PostgreSQL database (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;

/** Ends the process with one line saying why the database cannot be opened. */
function failToOpen(env: Env, error: unknown): never {
  // The lock's own message already names the directory and the process holding it.
  if (error instanceof DataDirLockedError) fail(error.message);
  fail(`Cannot open ${whereFor(env)}: ${errorText(error)}`);
}

/**
 * The database, to build the app on. The embedded one is returned while it still opens in its thread
 * (its statements wait for it), so the app is built meanwhile; `opened` tells when it is open.
 */
async function openOrFail(
  env: Env,
  embedded: EarlyOpening | undefined,
  onLockLost: () => void,
): Promise<Database & { opened?: Promise<void> }> {
  if (embedded) return embeddedDatabase(embedded.opening);
  try {
    return await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, onLockLost });
  } catch (error) {
    failToOpen(env, error);
  }
}

/** Migrations, unfinished imports and a checkpoint: what must be done before anyone is served. */
async function prepareOrFail(env: Env, database: Database & { opened?: Promise<void> }): Promise<void> {
  const where = whereFor(env);
  try {
    await database.opened;
  } catch (error) {
    failToOpen(env, error);
  }
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    fail(`Cannot migrate ${where}: ${errorText(error)}`);
  }
  try {
    // An import a stopped server left decided but not applied whole is finished before anyone can see
    // it half done (docs/decisions/037-fair-heavy-work.md).
    await finishImports(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    fail(`Cannot finish the imports left unfinished in ${where}: ${errorText(error)}`);
  }
  try {
    // What starting wrote (a new folder, migrations, a finished import: 141 files for a new folder) is
    // synced now, before anyone is served, not by the first checkpoint of the WAL flusher, which may
    // fall in the middle of someone's import (docs/decisions/037-fair-heavy-work.md).
    await database.pglite?.exec('CHECKPOINT');
  } catch (error) {
    await database.close().catch(() => undefined);
    fail(`Cannot write ${where} to disk: ${errorText(error)}`);
  }
}

/** Google's sign-in when configured, otherwise the development issuer, started. */
async function signInFor(env: Env): Promise<{ oidc: OidcSettings; closeIssuer: () => Promise<void> }> {
  const redirectUri = `${env.PUBLIC_URL}/api/auth/callback`;
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const oidc = {
      issuer: GOOGLE_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      redirectUri,
    };
    return { oidc, closeIssuer: async () => undefined };
  }
  // loadEnv has already refused production without Google credentials.
  const issuer = await startDevIssuer({ port: env.DEV_OIDC_PORT, redirectUris: [redirectUri] });
  const oidc = {
    issuer: issuer.issuer,
    clientId: issuer.clientId,
    clientSecret: issuer.clientSecret,
    redirectUri,
  };
  return { oidc, closeIssuer: issuer.close };
}

/** Opens the database, builds the app and listens; ends the process when it cannot. */
export async function serve(env: Env, embedded?: EarlyOpening): Promise<void> {
  let stop: (reason: string) => void = () => process.exit(1);
  // The development issuer makes its signing key (an RSA key: 0.1-0.4 s) while the database opens,
  // not after it (bench/notes/footprint.md). A database that cannot open is still the error told.
  const signInStarting = signInFor(env);
  signInStarting.catch(() => undefined);
  const lockLost = () => stop('another process took the data directory');
  void embedded?.lockLost.then(lockLost);
  const database = await openOrFail(env, embedded, lockLost);
  // The database's work before serving runs in its own thread (or in PostgreSQL) while this one builds
  // the app, which sends it nothing until it listens (bench/notes/footprint.md).
  const preparing = prepareOrFail(env, database);
  const { oidc, closeIssuer } = await signInStarting.catch((error: unknown) =>
    fail(`Cannot start the development sign-in issuer on port ${env.DEV_OIDC_PORT}: ${errorText(error)}`),
  );

  const storage = database.kind === 'pglite' ? storageGuard(env.DATA_DIR) : undefined;
  const maintenance = database.pglite
    ? startEmbeddedMaintenance(database.pglite, {
        ...DEFAULT_MAINTENANCE,
        onRun: (run) => app.log.info(run, `embedded database maintenance (${run.reason}) done`),
        onError: (error) => app.log.warn({ err: error }, 'embedded database maintenance failed'),
      })
    : undefined;
  let closing = false;
  const live = liveChannelFor(database, env.DATABASE_LISTEN_URL);
  const app = await buildApp({
    db: database.db,
    env,
    oidc,
    storage,
    maintenance,
    flushWrites: database.flushWrites,
    live,
    stopping: () => closing,
    logStream: env.NODE_ENV === 'development' ? await developmentLogStream() : undefined,
  }).catch((error: unknown) => fail(`Cannot start: ${errorText(error)}`));
  await preparing;
  if (oidc.issuer !== GOOGLE_ISSUER) {
    app.log.info(
      `Development sign-in is active: no Google credentials, so ${oidc.issuer} signs anyone in without a password (${env.PUBLIC_URL}/api/auth/google?login_hint=you@example.com)`,
    );
  }

  const shutdown = async (signal: string, drainMs: number) => {
    if (closing) return;
    closing = true;
    try {
      // Health answers 503 from now on while requests are still served, until the balancer has
      // noticed and sends no more (docs/architecture.md#rolling-restarts).
      if (drainMs > 0) {
        app.log.info({ signal, drainMs }, 'stopping: draining (health answers 503)');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      await app.reminders.stop();
      // Stops accepting connections and waits for in-flight requests before the database goes.
      await app.close();
      await live.close();
      await closeIssuer();
      await maintenance?.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  stop = (reason) => {
    app.log.fatal({ reason }, 'stopping: this server can no longer write safely');
    // Nothing may be written any more: no drain.
    void shutdown(reason, 0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM', env.SHUTDOWN_DRAIN_MS));
  process.once('SIGINT', () => void shutdown('SIGINT', env.SHUTDOWN_DRAIN_MS));

  try {
    await app.listen({
      port: env.PORT,
      host: env.HOST,
      // Print the one address that works for sign-in (its cookies belong to PUBLIC_URL's host), not
      // every interface Fastify bound: another name of the server only redirects to PUBLIC_URL.
      listenTextResolver: () => `Stride is ready at ${env.PUBLIC_URL}`,
    });
    // Reminders due while every instance was down go out now, if at most an hour late (decision 032).
    app.reminders.start();
    // A database that aged before this start (or under an older version) is tidied once it serves,
    // not before: the run gives way to requests between its tables, and nothing it does changes an
    // answer (docs/decisions/034-start-without-rebuilding.md).
    void maintenance?.run('start');
  } catch (error) {
    await live.close();
    await closeIssuer();
    await database.close();
    fail(`Cannot listen on ${env.HOST}:${env.PORT}: ${errorText(error)}`);
  }
}
