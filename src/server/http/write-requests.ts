import type { FastifyRequest } from 'fastify';

/*
 * Which requests write: the one rule the storage guard, the durable answer and the embedded
 * database's vacuum count share. Every write method does, and the few GET routes that write
 * (sign-in and sign-out are browser navigations) say so with `config: { writes: true }`.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route writes although its method is GET (docs/decisions/012-embedded-durability.md). */
    writes?: boolean;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A method that changes data in this API (the rate limit on changes counts these). */
export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method);
}

/** A request that may write to the database, whatever its method. */
export function isWriteRequest(request: FastifyRequest): boolean {
  return isWriteMethod(request.method) || request.routeOptions.config?.writes === true;
}
