import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { sendJsonText } from '../../http/send-json-text';
import { serve } from '../../http/serve';
import { userToday } from '../../plugins/user-day';
import { requireUser } from '../auth/auth-session';
import {
  createTask,
  getTasks,
  patchTask,
  planTasks,
  removeCompletedTasks,
  removeTask,
  reorderTasks,
  tickChecklistItem,
} from './tasks.service';

export const tasksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, api.tasks.list, async (request, reply) =>
    sendJsonText(
      reply,
      await getTasks(db, requireUser(request).id, userToday(request), request.query.goalId),
    ),
  );

  serve(app, api.tasks.create, async (request, reply) => {
    const { task, created } = await createTask(db, requireUser(request).id, userToday(request), request.body);
    return reply.status(created ? 201 : 200).send(task);
  });

  serve(app, api.tasks.reorder, async (request, reply) => {
    await reorderTasks(db, requireUser(request).id, request.body);
    return reply.status(204).send(null);
  });

  serve(app, api.tasks.clearCompleted, async (request, reply) => {
    await removeCompletedTasks(db, requireUser(request).id, null);
    return reply.status(204).send(null);
  });

  serve(app, api.tasks.update, async (request) =>
    patchTask(db, requireUser(request).id, userToday(request), request.params.id, request.body),
  );

  serve(app, api.tasks.tickChecklistItem, async (request) =>
    tickChecklistItem(
      db,
      requireUser(request).id,
      userToday(request),
      { taskId: request.params.id, itemId: request.params.itemId },
      request.body,
    ),
  );

  serve(app, api.tasks.plan, async (request) =>
    planTasks(db, requireUser(request).id, userToday(request), request.body),
  );

  serve(app, api.tasks.remove, async (request, reply) => {
    await removeTask(db, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
};
