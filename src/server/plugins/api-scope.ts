import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '#shared/api/common';
import type { Db } from '../db/client';
import type { StorageGuard } from '../db/storage-guard';
import type { Env } from '../env';
import { accountDataRoutes } from '../modules/account-data/account-data.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { authSessionPlugin, signInRequiredPlugin } from '../modules/auth/auth-session';
import type { OidcSettings } from '../modules/auth/oidc';
import type { SessionCache } from '../modules/auth/session-cache';
import { calendarRoutes } from '../modules/calendar/calendar.routes';
import { completionRoutes } from '../modules/completions/completions.routes';
import { goalsRoutes } from '../modules/goals/goals.routes';
import { habitsRoutes } from '../modules/habits/habits.routes';
import { labelsRoutes } from '../modules/labels/labels.routes';
import type { LiveChannel } from '../modules/live/live-channel';
import type { LiveHub } from '../modules/live/live-hub';
import { livePlugin } from '../modules/live/live-plugin';
import { pushRoutes } from '../modules/push/push.routes';
import { reminderTriggersPlugin } from '../modules/reminders/reminder-triggers';
import { remindersRoutes } from '../modules/reminders/reminders.routes';
import { tasksRoutes } from '../modules/tasks/tasks.routes';
import { todayRoutes } from '../modules/today/today.routes';
import { upcomingRoutes } from '../modules/upcoming/upcoming.routes';
import { durableAnswersPlugin } from './durable-answers';
import { rateLimitsPlugin } from './rate-limits';
import { storageGuardPlugin } from './storage-guard';

export type ApiScopeOptions = {
  db: Db;
  env: Env;
  oidc: OidcSettings;
  clock: () => Date;
  sessionCache: SessionCache;
  storage: StorageGuard;
  flushWrites?: () => Promise<void>;
  live: LiveChannel;
  /** This instance's live-update streams; the app holds it (app.liveHub), the API's scope feeds it. */
  liveHub: LiveHub;
  moreRoutes?: ((api: FastifyInstance) => Promise<void>) | undefined;
};

/**
 * Everything under /api that is not the health check (docs/architecture.md#request-lifecycle): the
 * hooks that concern only the API are registered here, in its own Fastify scope, so none of them has
 * to ask whether a request is an API call. The sign-in flow answers without a session; every other
 * call, an unknown path included, needs one.
 */
export async function apiScope(api: FastifyInstance, options: ApiScopeOptions): Promise<void> {
  const { db, env, oidc, clock, sessionCache, storage, live } = options;
  // Personal data must never sit in a shared cache or the browser's back/forward history.
  api.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  await api.register(authSessionPlugin, { db, env, clock, sessionCache });
  await api.register(rateLimitsPlugin, { limits: env.RATE_LIMITS });
  await api.register(storageGuardPlugin, { storage });
  if (options.flushWrites) await api.register(durableAnswersPlugin, { flushWrites: options.flushWrites });
  await api.register(livePlugin, { channel: live, hub: options.liveHub });
  await api.register(reminderTriggersPlugin, { db });

  await api.register(authRoutes, { prefix: '/auth', oidc, db, env, sessionCache, live });
  await api.register(async (signedIn) => {
    await signedIn.register(signInRequiredPlugin);
    await signedIn.register(goalsRoutes, { prefix: '/goals', db });
    await signedIn.register(tasksRoutes, { prefix: '/tasks', db });
    await signedIn.register(labelsRoutes, { prefix: '/labels', db });
    await signedIn.register(habitsRoutes, { prefix: '/habits', db });
    await signedIn.register(completionRoutes, { prefix: '/habits', db, kind: 'habit' });
    await signedIn.register(completionRoutes, { prefix: '/tasks', db, kind: 'task' });
    await signedIn.register(todayRoutes, { prefix: '/today', db });
    await signedIn.register(upcomingRoutes, { prefix: '/upcoming', db });
    await signedIn.register(pushRoutes, { prefix: '/push', db, env });
    await signedIn.register(remindersRoutes, { prefix: '/reminders', db });
    await signedIn.register(calendarRoutes, { prefix: '/calendar/feed', db, env });
    await signedIn.register(accountDataRoutes, { prefix: '/account', db, env, sessionCache });
    if (options.moreRoutes) await signedIn.register(options.moreRoutes);
    // An unknown API path is a JSON 404, after the same hooks: without a session it is a 401.
    signedIn.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ message: 'Not found' } satisfies ErrorBody),
    );
  });
}
