import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { serve } from '../../http/serve';
import { requireUser } from '../auth/auth-session';
import { removeCompletedTasks } from '../tasks/tasks.service';
import { createGoal, getGoals, patchGoal, removeGoal, reorderGoals } from './goals.service';

export const goalsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, api.goals.list, async (request, reply) =>
    sendJsonText(reply, await getGoals(db, requireUser(request).id, request.query.showArchived)),
  );

  serve(app, api.goals.create, async (request, reply) => {
    const { goal, created } = await createGoal(db, requireUser(request).id, request.body);
    return reply.status(created ? 201 : 200).send(goal);
  });

  serve(app, api.goals.reorder, async (request, reply) => {
    await reorderGoals(db, requireUser(request).id, request.body);
    return reply.status(204).send(null);
  });

  serve(app, api.goals.update, async (request) =>
    patchGoal(db, requireUser(request).id, request.params.id, request.body),
  );

  serve(app, api.goals.remove, async (request, reply) => {
    await removeGoal(db, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });

  serve(app, api.goals.clearCompleted, async (request, reply) => {
    await removeCompletedTasks(db, requireUser(request).id, request.params.goalId);
    return reply.status(204).send(null);
  });
};
