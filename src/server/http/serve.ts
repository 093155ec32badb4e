import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchemas } from '#shared/api/common';
import type { Call, SchemaName, SchemaNamed } from '#shared/api/contract';
import { isSchemaName, schemaNamed } from '#shared/api/named-schemas';

/*
 * A route is a call of the API's contract (src/shared/api/contract.ts, docs/decisions/029-api-contract.md):
 * its method, its path and the schemas it validates and answers with come from there, so a route cannot
 * drift from what the client and its tests are told.
 */

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Named<N> = N extends SchemaName ? SchemaNamed<N> : undefined;

type Unavailable<C extends Call> = C['output503'] extends SchemaName
  ? { 503: SchemaNamed<C['output503']> }
  : unknown;

type Responses<C extends Call> = C['output'] extends null
  ? { 204: z.ZodNull } & typeof ErrorResponseSchemas
  : C['output'] extends SchemaName
    ? (C['creates'] extends true
        ? { 200: SchemaNamed<C['output']>; 201: SchemaNamed<C['output']> }
        : { 200: SchemaNamed<C['output']> }) &
        Omit<typeof ErrorResponseSchemas, keyof Unavailable<C>> &
        Unavailable<C>
    : // A redirect, a file or a stream is written by its route.
      undefined;

/** The Fastify schema of a call: its params, query and body, and its answers with the API's errors. */
export type RouteSchemaOf<C extends Call> = {
  params: Named<C['params']>;
  querystring: Named<C['query']>;
  body: Named<C['body']>;
  response: Responses<C>;
};

export function routeSchemaOf<C extends Call>(call: C): RouteSchemaOf<C> {
  const success: Record<number, z.ZodType> = {};
  if (call.output === null) success[204] = z.null();
  else if (isSchemaName(call.output)) {
    success[200] = schemaNamed(call.output);
    if (call.creates) success[201] = success[200];
  }
  const schema: FastifySchema = {};
  if (call.output503) success[503] = schemaNamed(call.output503);
  if (isSchemaName(call.output) || call.output === null)
    schema.response = { ...ErrorResponseSchemas, ...success };
  if (call.params) schema.params = schemaNamed(call.params);
  if (call.query) schema.querystring = schemaNamed(call.query);
  if (call.body) schema.body = schemaNamed(call.body);
  return schema as RouteSchemaOf<C>;
}

export type CallHandler<C extends Call> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<C>,
  ZodTypeProvider
>;

/** What a route may add to its call: hooks, a body limit, route config (never its schema). */
export type ServeOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers `call` on `app`, whose prefix must begin its path (a module's routes are registered under
 * their resource's prefix, plugins/api-scope.ts).
 */
export function serve<C extends Call>(app: ZodApp, call: C, handler: CallHandler<C>): void;
export function serve<C extends Call>(
  app: ZodApp,
  call: C,
  options: ServeOptions,
  handler: CallHandler<C>,
): void;
export function serve<C extends Call>(
  app: ZodApp,
  call: C,
  optionsOrHandler: ServeOptions | CallHandler<C>,
  maybeHandler?: CallHandler<C>,
): void {
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  if (!handler) throw new Error(`${call.method} ${call.path} has no handler`);
  if (!call.path.startsWith(app.prefix)) {
    throw new Error(`${call.method} ${call.path} is outside the prefix ${app.prefix} it is registered under`);
  }
  // The handler's types come from the same schema; Fastify's generic route options cannot say so.
  (app as FastifyInstance).route({
    ...options,
    method: call.method,
    // The resource's own path is its prefix; "/" there answers with and without the trailing slash.
    url: call.path.slice(app.prefix.length) || '/',
    schema: routeSchemaOf(call) as FastifySchema,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
