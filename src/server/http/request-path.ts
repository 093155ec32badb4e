import type { FastifyRequest } from 'fastify';

/** The request's path, without its query. */
export const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';

/**
 * True for the API's paths. Hooks that concern only the API live in its scope (plugins/api-scope.ts)
 * and never ask; this is for the few global rules that treat pages and the API differently.
 */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
