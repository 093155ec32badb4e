import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/api/common';
import { HttpError } from '../errors';

/** Fastify's own client errors, reworded as the API promises (docs/decisions/004-input-limits.md). */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

/** The one error handler: every failure leaves as `{ message, issues? }` with the right status. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.issues) body.issues = error.issues;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      let message = first?.message ?? 'Invalid request';
      // A missing or non-object body fails at the root; say what the API expects instead.
      if (error.validationContext === 'body' && first?.path === '')
        message = 'Request body must be a JSON object';
      return reply.status(400).send({ message, issues } satisfies ErrorBody);
    }
    if (isFastifyError(error) && error.code in FASTIFY_CLIENT_ERRORS) {
      return reply
        .status(400)
        .send({ message: FASTIFY_CLIENT_ERRORS[error.code] ?? error.message } satisfies ErrorBody);
    }
    if (
      isFastifyError(error) &&
      error.statusCode !== undefined &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      return reply.status(error.statusCode).send({ message: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal server error' } satisfies ErrorBody);
  });
});
