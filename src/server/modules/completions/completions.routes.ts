import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchemas, IdParamsSchema } from '#shared/api/common';
import { HabitSchema } from '#shared/api/habits';
import { CompletionDayParamsSchema, HistoryQuerySchema, ItemHistorySchema } from '#shared/api/history';
import { TaskSchema } from '#shared/api/tasks';
import type { Db } from '../../db/client';
import { requireUser } from '../auth/auth-session';
import type { CompletionKind } from './completions.repo';
import { getHistory, type PersonDay, setDayDone } from './completions.service';

function personDay(request: FastifyRequest): PersonDay {
  const user = requireUser(request);
  return { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour, now: request.now };
}

/**
 * GET /:id/history and PUT / DELETE /:id/completions/:day, registered under /api/habits and
 * /api/tasks (docs/product.md#calls). PUT marks the day done, DELETE not done; both answer the item
 * as the lists show it, so a screen can show the new count at once.
 */
export const completionRoutes: FastifyPluginAsyncZod<{ db: Db; kind: CompletionKind }> = async (
  app,
  { db, kind },
) => {
  const ItemSchema = kind === 'habit' ? HabitSchema : TaskSchema;

  app.get(
    '/:id/history',
    {
      schema: {
        params: IdParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: ItemHistorySchema, ...ErrorResponseSchemas },
      },
    },
    async (request) => getHistory(db, personDay(request), kind, request.params.id, request.query),
  );

  for (const [method, done] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/:id/completions/:day',
      schema: { params: CompletionDayParamsSchema, response: { 200: ItemSchema, ...ErrorResponseSchemas } },
      handler: async (request) =>
        setDayDone(db, personDay(request), kind, request.params.id, request.params.day, done),
    });
  }
};
