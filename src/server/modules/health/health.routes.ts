import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Health } from '#shared/api/auth';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import type { StorageGuard } from '../../db/storage-guard';
import { serve } from '../../http/serve';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../plugins/errors';
import { databaseUp } from './health.repo';

export type HealthOptions = {
  db: Db;
  storage: StorageGuard;
  /** True once this instance has been told to stop (main.ts drains before closing). */
  stopping: () => boolean;
};

/**
 * Answers without sign-in and without counting against any rate limit (a balancer sharing an address
 * with clients must always reach it); 503 tells a load balancer to take this instance out.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, storage, stopping }) => {
  serve(app, api.health.get, async (_request, reply) => {
    const up = await databaseUp(db);
    const health: Health = stopping()
      ? { status: 'stopping', database: up ? 'up' : 'down' }
      : !up
        ? { status: 'degraded', database: 'down' }
        : storage.canWrite()
          ? { status: 'ok', database: 'up' }
          : { status: 'degraded', database: 'full' };
    // Outside the API's scope (plugins/api-scope.ts), so it says no-store itself, like every API answer.
    reply.header('cache-control', 'no-store');
    if (health.status !== 'ok') reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    return reply.status(health.status === 'ok' ? 200 : 503).send(health);
  });
};
