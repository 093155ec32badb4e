import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '#shared/api/common';
import { classifyDatabaseError, codeOf, errorClasses } from '../db/database-errors';
import { HttpError } from '../errors';
import { schemaRefusal } from '../http/schema-refusal';

/** Fastify's own client errors, reworded as the API promises (docs/decisions/004-input-limits.md). */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type: send JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
};

/** How long a client should wait after a 503 before trying again. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

/** The one error handler: every failure leaves as `{ message, issues? }` with the right status. */
export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.issues) body.issues = error.issues;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(schemaRefusal(issues, error.validationContext) satisfies ErrorBody);
    }
    if (isFastifyError(error) && error.code in FASTIFY_CLIENT_ERRORS) {
      const known = FASTIFY_CLIENT_ERRORS[error.code];
      if (known) return reply.status(known.status).send({ message: known.message } satisfies ErrorBody);
    }
    if (
      isFastifyError(error) &&
      error.statusCode !== undefined &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      return reply.status(error.statusCode).send({ message: error.message } satisfies ErrorBody);
    }
    // Never the error's message or stack: a database error's message carries the SQL parameters
    // (titles, ids, token hashes). The class names and the driver's code say what went wrong.
    const logged = {
      errorClasses: errorClasses(error),
      code: codeOf(error),
      userId: request.user?.id,
      route: request.routeOptions.url,
    };
    const failure = classifyDatabaseError(error);
    if (failure === 'gone') {
      request.log.info(logged, 'write raced a delete');
      return reply.status(404).send({ message: 'This item no longer exists' } satisfies ErrorBody);
    }
    if (failure === 'unavailable' || failure === 'contention') {
      request.log.warn(logged, failure === 'unavailable' ? 'database unavailable' : 'database contention');
      return reply
        .status(503)
        .header('retry-after', String(failure === 'contention' ? 1 : UNAVAILABLE_RETRY_AFTER_S))
        .send({
          message:
            failure === 'unavailable'
              ? 'Stride cannot reach its database right now. Try again in a few seconds.'
              : 'Stride is busy with another change to the same list. Try again.',
        } satisfies ErrorBody);
    }
    request.log.error(logged, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' } satisfies ErrorBody);
  });
});
