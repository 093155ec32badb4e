import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { serve } from '../../http/serve';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import { createHabit, getHabits, patchHabit, removeHabit, reorderHabits } from './habits.service';

export const habitsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, api.habits.list, async (request, reply) =>
    sendJsonText(reply, await getHabits(db, requireUser(request).id, userToday(request))),
  );

  serve(app, api.habits.create, async (request, reply) => {
    const { habit, created } = await createHabit(
      db,
      requireUser(request).id,
      userToday(request),
      request.body,
    );
    return reply.status(created ? 201 : 200).send(habit);
  });

  serve(app, api.habits.reorder, async (request, reply) => {
    await reorderHabits(db, requireUser(request).id, request.body);
    return reply.status(204).send(null);
  });

  serve(app, api.habits.update, async (request) =>
    patchHabit(db, requireUser(request).id, userToday(request), request.params.id, request.body),
  );

  serve(app, api.habits.remove, async (request, reply) => {
    await removeHabit(db, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
};
