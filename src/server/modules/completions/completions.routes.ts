import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { serve } from '../../http/serve';
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
  const calls = kind === 'habit' ? api.habits : api.tasks;

  serve(app, calls.history, async (request) =>
    getHistory(db, personDay(request), kind, request.params.id, request.query),
  );

  for (const [call, done] of [
    [calls.markDayDone, true],
    [calls.markDayNotDone, false],
  ] as const) {
    serve(app, call, async (request) =>
      setDayDone(db, personDay(request), kind, request.params.id, request.params.day, done),
    );
  }
};
