import type { FastifyRequest } from 'fastify';
import { localDate } from '../../shared/domain/days';
import { requireUser } from './auth-session';

/** The signed-in user's current day (YYYY-MM-DD) by the one day rule in src/shared/domain/days.ts. */
export function userToday(request: FastifyRequest): string {
  return localDate(request.now, requireUser(request).timeZone);
}
