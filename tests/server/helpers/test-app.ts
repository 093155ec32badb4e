import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type ClientTimeouts } from '../../../src/server/app';
import { type Database, type Db, openDatabase } from '../../../src/server/db/client';
import { type Env, loadEnv } from '../../../src/server/env';
import { type DevIssuer, startDevIssuer } from '../../../src/server/modules/auth/dev-issuer';
import type { OidcSettings } from '../../../src/server/modules/auth/oidc';
import { type LiveChannel, liveChannelFor } from '../../../src/server/modules/live/live-channel';
import './test-database';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  env: Env;
  issuer: DevIssuer;
  /** Which engine this run uses ('pglite' or 'postgres'), for the rare engine-specific assertion. */
  engine: Database['kind'];
  /** Another live-update channel on this database, as a second server instance would open. */
  openLiveChannel(): LiveChannel;
  /**
   * A second instance of the app on the same database, as behind the load balancer: its own memory
   * (session cache, kept answers), the same data. Closed with the first.
   */
  anotherInstance(): Promise<FastifyInstance>;
  /** Closes only the database, to see how the app behaves when it is gone. */
  closeDatabase(): Promise<void>;
  close(): Promise<void>;
};

/** A fresh, migrated database for this test file, on the engine the vitest project selected. */
async function openFreshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const snapshot = new Blob([readFileSync(source.snapshotPath)]);
    const database = await openDatabase({ pglite: await PGlite.create({ loadDataDir: snapshot }) });
    return { database, drop: async () => undefined };
  }
  const name = `stride_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source.template}`);
  } finally {
    await admin.end();
  }
  const url = `${source.urlPrefix}${name}`;
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: source.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The app's address in every test: writes carry it as Origin, page loads as Host. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export type TestAppOptions = {
  /** Rate limits on (at the given or default numbers); off unless a test is about them. */
  rateLimits?: boolean;
  /** Further configuration, as environment variables (RATE_LIMIT_WRITES: '5', say). */
  env?: Record<string, string>;
  /** The instant "now"; change what it returns to move time (local midnight, time zones). */
  clock?: () => Date;
  /** Receives the app's log lines (at debug level); without it the app logs nothing. */
  logStream?: { write(line: string): void };
  /** A built client to serve; by default none, whatever dist/ holds, so tests do not depend on a build. */
  clientRoot?: string;
  /** True once the app is draining before a shutdown (main.ts sets it on SIGTERM). */
  stopping?: () => boolean;
  /** Where commits are grouped: what answers to writes wait for (plugins/durable-answers.ts). */
  flushWrites?: () => Promise<void>;
  /** How long a client may take to send a request, shortened to see slow ones cut off (app.ts). */
  clientTimeouts?: ClientTimeouts;
  /** Adds test-only routes or hooks before the app is ready. */
  extend?: (app: FastifyInstance) => void;
  /**
   * Sign in against this issuer, as with Google credentials, instead of the development issuer
   * (which still runs, unused). Its redirect URI is `${TEST_PUBLIC_URL}/api/auth/callback`.
   */
  oidc?: OidcSettings;
};

/**
 * The real app (buildApp) on a fresh database, with the development issuer on a free port so the
 * sign-in flow can run against it too. Call close() in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, url, drop } = await openFreshDatabase();
  // Live updates travel as in production (modules/live/live-channel.ts): through PostgreSQL's
  // LISTEN/NOTIFY, or in memory on PGlite.
  const openLiveChannel = () => liveChannelFor(database, url);
  const live = openLiveChannel();
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: options.logStream ? 'debug' : 'silent',
    // Most files make many calls from one address in a second; the limits' own tests set them low.
    RATE_LIMITS: options.rateLimits ? 'on' : 'off',
    ...options.env,
  });
  const issuer = await startDevIssuer({ port: 0, redirectUris: [`${env.PUBLIC_URL}/api/auth/callback`] });
  const build = (channel: LiveChannel) =>
    buildApp({
      db: database.db,
      env,
      live: channel,
      clock: options.clock,
      clientTimeouts: options.clientTimeouts,
      stopping: options.stopping,
      flushWrites: options.flushWrites,
      logger: options.logStream !== undefined,
      logStream: options.logStream,
      clientRoot: options.clientRoot ?? '/nonexistent/stride-client',
      oidc: options.oidc ?? {
        issuer: issuer.issuer,
        clientId: issuer.clientId,
        clientSecret: issuer.clientSecret,
        redirectUri: `${env.PUBLIC_URL}/api/auth/callback`,
      },
    });
  const app = await build(live);
  options.extend?.(app);
  const others: Array<{ app: FastifyInstance; live: LiveChannel }> = [];
  // A test may close the app itself (graceful close); Fastify's close() must not run twice.
  let appOpen = true;
  app.addHook('onClose', async () => {
    appOpen = false;
  });
  await app.ready();
  let databaseOpen = true;
  return {
    app,
    db: database.db,
    env,
    issuer,
    engine: database.kind,
    openLiveChannel,
    async anotherInstance() {
      const channel = openLiveChannel();
      const other = await build(channel);
      await other.ready();
      others.push({ app: other, live: channel });
      return other;
    },
    async closeDatabase() {
      if (databaseOpen) await database.close();
      databaseOpen = false;
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.live.close();
      }
      if (appOpen) await app.close();
      await live.close();
      await issuer.close();
      if (databaseOpen) await database.close();
      databaseOpen = false;
      await drop();
    },
  };
}
