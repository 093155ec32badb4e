import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { serve } from '../../http/serve';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import { getUpcoming } from './upcoming.service';

/** GET /api/upcoming?from&to (docs/product.md#calls). */
export const upcomingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, api.upcoming.get, async (request) =>
    getUpcoming(db, requireUser(request).id, userToday(request), request.query),
  );
};
