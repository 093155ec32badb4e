import type { FastifyReply } from 'fastify';
import type { JsonText } from '../db/api-json';

/**
 * Sends JSON the database already wrote (db/api-json.ts): Fastify passes a string through without
 * serialising it again. The type says what it holds, for the route's typed reply.
 */
export function sendJsonText<T>(reply: FastifyReply, text: JsonText<T>): T {
  reply.type('application/json; charset=utf-8');
  return text as unknown as T;
}
