import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchemas } from '#shared/api/common';
import { UpcomingQuerySchema, UpcomingSchema } from '#shared/api/upcoming';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import { getUpcoming } from './upcoming.service';

/** GET /api/upcoming?from&to (docs/product.md#calls). */
export const upcomingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        querystring: UpcomingQuerySchema,
        response: { 200: UpcomingSchema, ...ErrorResponseSchemas },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await getUpcoming(db, requireUser(request).id, userToday(request), request.query)),
  );
};
