import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { startEmbeddedMaintenance } from '../src/server/db/embedded-maintenance';
import { migrateDatabase } from '../src/server/db/migrate';
import { storageGuard } from '../src/server/db/storage-guard';
import { loadEnv } from '../src/server/env';
import { requireUser } from '../src/server/modules/auth/auth-session';
import { liveChannelFor } from '../src/server/modules/live/live-channel';
import { seed } from './seed';

/*
 * The benchmark's server process: main.ts's app (buildApp, the same plugins, maintenance and storage
 * guard) on the engine the environment names, seeded with the benchmark account, plus one route
 * that is the floor of the stack: signed in, one trivial query, a tiny answer. Compiled like the real
 * server (bench/api.ts builds it with esbuild), so no run-time compiler is measured. Prints one JSON
 * line with the account once it listens.
 */
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrateDatabase(database);
const account = await seed(database.db);
const maintenance = database.pglite ? startEmbeddedMaintenance(database.pglite) : undefined;
const app = await buildApp({
  db: database.db,
  env,
  // Live updates as main.ts wires them: each write is announced on the database channel.
  live: liveChannelFor(database, env.DATABASE_LISTEN_URL),
  storage: database.kind === 'pglite' ? storageGuard(env.DATA_DIR) : undefined,
  maintenance,
  flushWrites: database.flushWrites,
  logger: false,
  // The sign-in flow is not measured; the settings are only needed to build the app.
  oidc: {
    issuer: 'http://127.0.0.1:9',
    clientId: 'bench',
    clientSecret: 'bench',
    redirectUri: `${env.PUBLIC_URL}/cb`,
  },
  // The floor, /api/bench/floor, behind the same hooks as every signed-in call.
  moreApiRoutes: async (api) => {
    api.get('/bench/floor', async (request) => {
      requireUser(request);
      await database.db.execute(sql`select 1`);
      return { ok: true };
    });
  },
});
await maintenance?.run('start');
await app.listen({ host: '127.0.0.1', port: env.PORT });

// BENCH_CPU_PROFILE=file profiles the serving only (not the seeding) and writes it at SIGTERM.
const profileFile = process.env.BENCH_CPU_PROFILE;
const profiler = profileFile ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
console.log(JSON.stringify({ ready: true, ...account }));

const stop = async () => {
  if (profiler && profileFile) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
  }
  await app.close();
  await maintenance?.stop();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
