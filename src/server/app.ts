import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ErrorBody } from '#shared/api/common';
import type { Db } from './db/client';
import type { EmbeddedMaintenance } from './db/embedded-maintenance';
import { NO_STORAGE_GUARD, type StorageGuard } from './db/storage-guard';
import type { Env } from './env';
import { answerClientError } from './http/client-errors';
import { parseJsonWithDepthLimit } from './http/json-body';
import { jsonSerializerCompiler } from './http/json-serializer';
import { OneLinePerRequest, serializeRequest } from './http/request-log';
import { pathOf } from './http/request-path';
import { isWriteRequest } from './http/write-requests';
import type { OidcSettings } from './modules/auth/oidc';
import { SessionCache } from './modules/auth/session-cache';
import { sessionTokenOf } from './modules/auth/sessions.service';
import { calendarFeedRoutes } from './modules/calendar/calendar-feed.routes';
import { healthRoutes } from './modules/health/health.routes';
import { inProcessLiveChannel, type LiveChannel } from './modules/live/live-channel';
import { LiveHub } from './modules/live/live-hub';
import { ReminderWorker } from './modules/reminders/reminder-worker';
import { CLIENT_BUILD_DIR } from './paths';
import { apiScope } from './plugins/api-scope';
import { errorsPlugin } from './plugins/errors';
import { securityPlugin } from './plugins/security';
import { hasBuiltClient, sendPage, staticClientPlugin } from './plugins/static-client';

/** 64 KiB: far above any real request (a 1,000-item reorder is ~60 bytes an item), see decision 004. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * How long a client may take to send a request (docs/architecture.md#faults-what-the-server-guarantees):
 * its headers, and the whole of it, body included. The longest body, an import of up to 16 MiB, arrives
 * within the request's time at 4.5 Mbit/s; anything slower is cut off with 408 rather than hold a socket.
 */
export const CLIENT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000 } as const;
export type ClientTimeouts = {
  headersMs: number;
  requestMs: number;
  /** How long a connection may sit idle; CONNECTION_IDLE_MS unless a test shortens it. */
  idleMs?: number;
};
/**
 * How often Node looks for requests past those times. Its default, 30 s, let a 10 s limit run to 40 s,
 * and a slow body ran to 90 s (measured from outside): Node cuts a body off only once both times have passed, and
 * the headers' time, set by Node at its 60 s default, was never told the request's (Fastify sets the
 * request's time after the server is made).
 */
const TIMEOUT_CHECK_MS = 1_000;
export const CONNECTION_IDLE_MS = 60_000;

export const DEFAULT_CLIENT_ROOT = CLIENT_BUILD_DIR;

export type AppDeps = {
  db: Db;
  /** Stops writes before the embedded database's disk is full; PostgreSQL needs none. */
  storage?: StorageGuard;
  /**
   * Resolves once every write committed so far is on disk, where commits are grouped (the embedded
   * database, db/client.ts): answers to writes wait for it (plugins/durable-answers.ts).
   */
  flushWrites?: () => Promise<void>;
  /** Counts acknowledged writes for the embedded database's vacuum (db/embedded-maintenance.ts). */
  maintenance?: Pick<EmbeddedMaintenance, 'noteWrite'>;
  env: Env;
  oidc: OidcSettings;
  /**
   * True once the instance is stopping (SIGTERM, docs/architecture.md#rolling-restarts): health answers
   * 503 and answers close their connection, while requests are still served.
   */
  stopping?: () => boolean;
  /**
   * The database channel live updates travel on between instances (modules/live/live-channel.ts);
   * without one, changes reach this instance's streams only.
   */
  live?: LiveChannel;
  /** The current instant; tests inject one to cross local midnight. */
  clock?: () => Date;
  /** How long a client may take to send a request; tests shorten CLIENT_TIMEOUTS to see it cut off. */
  clientTimeouts?: ClientTimeouts;
  /** Built client directory; served only when it holds an index.html. */
  clientRoot?: string;
  /** More routes in the API's scope, behind its session and limits: the benchmark's floor (bench/server.ts). */
  moreApiRoutes?: (api: FastifyInstance) => Promise<void>;
  /** false silences logging (tests, bench). */
  logger?: boolean;
  /**
   * Where log lines go instead of stdout: tests read them to check nothing secret is logged, and
   * development prints them as one readable line each (main.ts).
   */
  logStream?: { write(line: string): void };
};

/** Assembles the HTTP app without listening, so main and the tests build the very same thing. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { db, env, oidc } = deps;
  const clock = deps.clock ?? (() => new Date());
  const storage = deps.storage ?? NO_STORAGE_GUARD;
  const timeouts: ClientTimeouts = deps.clientTimeouts ?? CLIENT_TIMEOUTS;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // A client sending its request slower than this is cut off (408) instead of holding a socket. Both
    // times go to the server as it is made, where Node checks them against each other.
    requestTimeout: timeouts.requestMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    // A connection idle this long is closed; live-update streams send a heartbeat well within it.
    connectionTimeout: timeouts.idleMs ?? CONNECTION_IDLE_MS,
    // What Node refuses before a request exists (too slow, headers too large) still answers `{ message }`.
    clientErrorHandler: answerClientError,
    // Only proxies named by TRUST_PROXY may say who the client is (X-Forwarded-For/-Proto/-Host).
    trustProxy:
      typeof env.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (env.TRUST_PROXY as number)
        : env.TRUST_PROXY,
    logController: new OneLinePerRequest(),
    logger:
      deps.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            serializers: { req: serializeRequest },
            redact: {
              paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
              censor: '[redacted]',
            },
          },
  });
  // While closing, answers in flight end their keep-alive connection; otherwise close() would wait
  // for idle browser connections to time out instead of returning once the work is done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // While draining too: a balancer's kept-alive connection would otherwise carry a new request to this
  // instance just as it stops listening.
  const stopping = deps.stopping ?? (() => false);
  app.addHook('onSend', async (_request, reply) => {
    if (closing || stopping()) reply.header('connection', 'close');
  });
  const { maintenance } = deps;
  if (maintenance) {
    app.addHook('onResponse', async (request, reply) => {
      if (isWriteRequest(request) && reply.statusCode < 400) maintenance.noteWrite();
    });
  }
  // Fastify reads text/plain bodies by default; the API speaks JSON only, so anything else is a 415.
  app.removeContentTypeParser('text/plain');
  parseJsonWithDepthLimit(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { env });
  await app.register(cookie);
  // Outside the API's scope: a balancer's health check needs no session and meets no rate limit.
  await app.register(healthRoutes, { prefix: '/api/health', db, storage, stopping });
  // Outside it too: a calendar polling its feed has no session, and the address itself is the secret.
  await app.register(calendarFeedRoutes, { prefix: '/api/calendar', db, limits: env.RATE_LIMITS, clock });
  const liveHub = new LiveHub();
  app.decorate('liveHub', liveHub);
  // Made here, run by main.ts (its loop) or by tests (one round at a time, on their clock).
  const reminders = new ReminderWorker({ db, env, clock, log: app.log });
  app.decorate('reminders', reminders);
  app.addHook('preClose', () => reminders.stop());
  await app.register(apiScope, {
    prefix: '/api',
    db,
    env,
    oidc,
    clock,
    // One cache per app: its sessions are forgotten by the same app's sign-outs and revocations.
    sessionCache: new SessionCache(),
    storage,
    flushWrites: deps.flushWrites,
    live: deps.live ?? inProcessLiveChannel(),
    liveHub,
    moreRoutes: deps.moreApiRoutes,
  });

  const clientRoot = deps.clientRoot ?? DEFAULT_CLIENT_ROOT;
  const serveClient = hasBuiltClient(clientRoot);
  const hasSessionCookie = (request: FastifyRequest) => sessionTokenOf(request, env) !== undefined;
  if (serveClient) await app.register(staticClientPlugin, { root: clientRoot, hasSessionCookie });

  // Unknown API paths have their own answer in the API's scope (plugins/api-scope.ts).
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    // Client-side routes (/today, /all-items, ...) load the app shell, which renders its own 404; a
    // missing file (an old asset, a source map) is a plain 404, never the page in its place.
    const isFile = /\.[A-Za-z0-9]+$/.test(path);
    if (serveClient && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendPage(request, reply, { root: clientRoot, hasSessionCookie: hasSessionCookie(request) });
    }
    return reply.status(404).send({ message: 'Not found' } satisfies ErrorBody);
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's reminder worker (modules/reminders/reminder-worker.ts). */
    reminders: ReminderWorker;
  }
}
