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

/**
 * GET /api/health, for load balancers: 200 while this instance can serve reads and writes, 503 with
 * `degraded` when its database is down or its disk full (writes would fail), 503 with `stopping` while
 * it drains before a shutdown (it still serves, but the balancer should send new requests elsewhere).
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'stopping']),
  database: z.enum(['up', 'down', 'full']),
});
export type Health = z.infer<typeof HealthSchema>;

/** One signed-in browser or device of the account (GET /api/auth/sessions). */
export const AccountSessionSchema = z.object({
  id: z.uuid(),
  /** True for the session making the call: "this device". */
  current: z.boolean(),
  /** The browser's User-Agent at sign-in, to name the device; null when it sent none. */
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.object({ sessions: z.array(AccountSessionSchema) });
export type AccountSessionList = z.infer<typeof AccountSessionListSchema>;
