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

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof HealthSchema>;
