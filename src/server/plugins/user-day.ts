import type { FastifyRequest } from 'fastify';
import { dayAt } from '#shared/domain/days';
import { requireUser } from '../modules/auth/auth-session';

/** The signed-in user's current day (YYYY-MM-DD) by the one day rule in src/shared/domain/days.ts. */
export function userToday(request: FastifyRequest): string {
  const user = requireUser(request);
  return dayAt(request.now, user.timeZone, user.dayStartHour);
}
