import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccountExport, IMPORT_MAX_BYTES } from '#shared/api/account-data';
import { api } from '#shared/api/contract';
import { dayAt } from '#shared/domain/days';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { Env } from '../../env';
import { HttpError } from '../../errors';
import { holdConnectionWhileWorking } from '../../http/long-work';
import { serve } from '../../http/serve';
import { requireUser } from '../auth/auth-session';
import type { SessionCache } from '../auth/session-cache';
import { clearSessionCookie } from '../auth/sessions.service';
import { accountCsv } from './account-csv';
import { countAccount, deleteAccount } from './account-data.service';
import { exportAccount } from './account-export.service';
import { importAccount } from './account-import.service';
import { accountJsonPieces } from './account-json';
import { ExportGate } from './export-gate';
import { readImportFile } from './import-file-off-loop';

export type AccountDataRoutesOptions = { db: Db; env: Env; sessionCache?: SessionCache };

const IMPORT_TOO_LARGE = `An import file can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB. Is this a Stride export?`;

/** `stride-export-2026-11-24.json`: the person's date, so a day's exports sort and read together. */
function fileName(user: UserRow, now: Date, name: string, extension: string): string {
  return `stride-${name}-${dayAt(now, user.timeZone)}.${extension}`;
}

/**
 * The person's data as a whole (docs/product.md#your-data): export as JSON or CSV, import of an
 * export, what a deletion would delete, and the deletion itself.
 */
export const accountDataRoutes: FastifyPluginAsyncZod<AccountDataRoutesOptions> = async (
  app,
  { db, env, sessionCache },
) => {
  const exports = new ExportGate();

  /**
   * Reads the person's export and sends it in the pieces `write` makes of it, one export of theirs at a
   * time: the next is let in once this one is sent, dropped or failed.
   */
  const sendExport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: { name: string; extension: string; type: string; write: (data: AccountExport) => Iterable<string> },
  ) => {
    const user = requireUser(request);
    const done = exports.enter(user.id);
    try {
      const data = await exportAccount(db, user.id, request.now);
      const body = Readable.from(file.write(data));
      body.once('close', done);
      reply.raw.once('close', done);
      return reply
        .type(file.type)
        .header(
          'content-disposition',
          `attachment; filename="${fileName(user, request.now, file.name, file.extension)}"`,
        )
        .send(body);
    } catch (error) {
      done();
      throw error;
    }
  };

  serve(app, api.account.export, (request, reply) =>
    sendExport(request, reply, {
      name: 'export',
      extension: 'json',
      type: 'application/json; charset=utf-8',
      write: accountJsonPieces,
    }),
  );

  serve(app, api.account.exportCsv, (request, reply) => {
    const { list } = request.params;
    return sendExport(request, reply, {
      name: list,
      extension: 'csv',
      type: 'text/csv; charset=utf-8',
      write: (data) => accountCsv(data, list),
    });
  });

  // The import reads its own body (import-file-off-loop.ts): a large file in a worker thread, checked
  // there against the call's schema, so the route's validation has nothing left to do.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      async (request: FastifyRequest, body: Buffer) => {
        requireUser(request);
        return readImportFile(body);
      },
    );
    serve(
      scope,
      api.account.import,
      {
        bodyLimit: IMPORT_MAX_BYTES,
        // Said before the body is read, in words that fit an import (the API's own limit is 64 KiB).
        onRequest: async (request, reply) => {
          const length = Number(request.headers['content-length']);
          if (length > IMPORT_MAX_BYTES) throw new HttpError(413, IMPORT_TOO_LARGE);
          // From here to the answer: the file is read, then imported, with nothing sent either way.
          // Its arrival stays bounded by the request's own time (app.ts).
          if (request.user) holdConnectionWhileWorking(request, reply);
        },
        validatorCompiler: () => (value) => ({ value }),
      },
      async (request) => {
        const user = requireUser(request);
        const result = await importAccount(
          db,
          { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour, now: request.now },
          request.body,
        );
        // The file's settings may have changed the person's day: cached sessions hold the old row.
        sessionCache?.forgetUser(user.id);
        return result;
      },
    );
  });

  serve(app, api.account.summary, async (request) => countAccount(db, requireUser(request).id, request.now));

  serve(app, api.account.remove, async (request, reply) => {
    const user = requireUser(request);
    await deleteAccount(db, user);
    // This instance forgets the person at once; another one within the session cache's few seconds,
    // and meanwhile any write of theirs fails on the missing row (404).
    sessionCache?.forgetUser(user.id);
    clearSessionCookie(reply, env);
    return reply.status(204).send(null);
  });
};
