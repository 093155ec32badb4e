import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '#shared/api/contract';
import type { Db } from '../../db/client';
import { serve } from '../../http/serve';
import { requireUser } from '../auth/auth-session';
import { listLabels, removeLabel, renameLabel } from './labels.service';

/** The label in the path arrives decoded ("%40" is "@") and read by LabelSchema, as a body's label is. */
export const labelsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  serve(app, api.labels.list, async (request) => listLabels(db, requireUser(request).id));

  serve(app, api.labels.rename, async (request) =>
    renameLabel(db, requireUser(request).id, request.params.label, request.body.label),
  );

  serve(app, api.labels.remove, async (request, reply) => {
    await removeLabel(db, requireUser(request).id, request.params.label);
    return reply.status(204).send(null);
  });
};
