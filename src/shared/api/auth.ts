import { z } from 'zod';

/** GET /api/auth/user: the signed-in person, or 401. */
export const AuthUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  picture: z.string().nullable(),
  timeZone: z.string(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** The browser sends its IANA zone on every API call so "today" is the user's own day. */
export const TIME_ZONE_HEADER = 'x-time-zone';

export const SESSION_COOKIE = 'stride_session';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof HealthSchema>;
