import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { isWriteMethod } from '../../http/write-requests';
import { createdIdOf } from '../live/live-announcements';
import type { ItemKind } from './reminders.service';
import { type Reschedule, reschedule, rescheduleLater } from './reschedule-later';

/*
 * Which successful calls move reminders (docs/decisions/032-push-reminders.md), by the route that
 * answered, as live updates are announced: a write to a task or a habit recomputes that item's; the
 * day settings, an import, a goal deleted with its tasks, and a new zone from the browser recompute
 * all of the person's. It runs before the answer leaves, so a client that sees its write answered
 * sees its reminder moved too. The write has committed by then: if the recompute fails, the answer
 * still says the write was done, and the recompute is tried again (reschedule-later.ts).
 */

const ITEM_ROUTES: ReadonlyArray<[string, ItemKind]> = [
  ['/api/tasks', 'task'],
  ['/api/habits', 'habit'],
];
const PERSON_ROUTES = new Set([
  '/api/account/import',
  '/api/auth/user',
  '/api/goals/:id',
  '/api/goals/:goalId/tasks/completed',
  '/api/tasks/completed',
  // Many tasks planned at once: each one's reminder falls on its new day.
  '/api/tasks/plan',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** True when this request's x-time-zone header gave the person a new zone (auth-session.ts). */
    timeZoneChanged: boolean;
  }
}

function itemOf(request: FastifyRequest, payload: unknown): { kind: ItemKind; id: string } | undefined {
  const route = request.routeOptions.url ?? '';
  for (const [prefix, kind] of ITEM_ROUTES) {
    if (route === prefix) {
      const id = createdIdOf(request, payload);
      return id ? { kind, id } : undefined;
    }
    if (route === `${prefix}/:id` || route === `${prefix}/:id/completions/:day`) {
      const { id } = request.params as { id: string };
      return { kind, id };
    }
  }
  return undefined;
}

/** The recompute a successful call asks for, if any. */
function workOf(request: FastifyRequest, status: number, payload: unknown): Reschedule | undefined {
  const user = request.user;
  if (!user || status >= 400) return undefined;
  const route = request.routeOptions.url ?? '';
  if (request.timeZoneChanged || (isWriteMethod(request.method) && PERSON_ROUTES.has(route))) {
    return { userId: user.id };
  }
  if (!isWriteMethod(request.method)) return undefined;
  const item = itemOf(request, payload);
  return item ? { userId: user.id, item } : undefined;
}

export const reminderTriggersPlugin = fp<{ db: Db }>(async function reminderTriggers(
  app: FastifyInstance,
  { db },
) {
  app.decorateRequest('timeZoneChanged', false);
  app.addHook('onSend', async (request, reply, payload) => {
    const work = workOf(request, reply.statusCode, payload);
    if (!work) return payload;
    try {
      await reschedule(db, work, request.now);
    } catch (error) {
      request.log.warn(
        { errorClasses: [(error as Error).name] },
        'reminder recompute failed after the write; tried again at the next reminder round',
      );
      rescheduleLater(db, work);
    }
    return payload;
  });
});
