import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { serve } from '../../http/serve';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import { asksForNoCache, keptAnswers } from '../today/kept-answers';
import { getUpcoming } from './upcoming.service';

/** GET /api/upcoming?from&to (docs/product.md#calls). */
export const upcomingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const kept = keptAnswers();
  serve(app, api.upcoming.get, async (request, reply) => {
    const fresh = asksForNoCache(request.headers['cache-control']);
    const userId = requireUser(request).id;
    return sendJsonText(reply, await getUpcoming(db, kept, userId, userToday(request), request.query, fresh));
  });
};
