import { z } from 'zod';
import { DAY_START_HOUR_MAX, isValidTimeZone } from '../domain/days';
import { PlainTextSchema } from './common';

/** GET /api/auth/user: the signed-in person, or 401. */
export const AuthUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  picture: z.string().nullable(),
  /** The zone Stride decides the person's day in (docs/decisions/003-day-rules.md). */
  timeZone: z.string(),
  /** True while the zone follows the browser's; false once the person chose one in the settings. */
  timeZoneFromDevice: z.boolean(),
  /** "Day starts at": the local hour, 0 to 6, at which the person's day begins. */
  dayStartHour: z.number().int(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

const DAY_START_MESSAGE = `Day starts at must be a whole hour from 0 to ${DAY_START_HOUR_MAX}`;

/**
 * PATCH /api/auth/user: the person's day settings (docs/product.md#account-settings). `timeZone`
 * pins a zone; `timeZoneFromDevice: true` lets the browser's zone apply again from the next call.
 */
export const UpdateUserInputSchema = z
  .object({
    dayStartHour: z
      .number({ message: DAY_START_MESSAGE })
      .int({ message: DAY_START_MESSAGE })
      .min(0, { message: DAY_START_MESSAGE })
      .max(DAY_START_HOUR_MAX, { message: DAY_START_MESSAGE })
      .optional(),
    timeZone: z
      .string({ message: 'Time zone must be text' })
      .refine(isValidTimeZone, { message: 'Time zone must be an IANA zone name such as Europe/Paris' })
      .optional(),
    timeZoneFromDevice: z.boolean({ message: 'timeZoneFromDevice must be true or false' }).optional(),
  })
  .refine((input) => !(input.timeZone !== undefined && input.timeZoneFromDevice === true), {
    message: 'Send either a time zone or timeZoneFromDevice: true, not both',
    path: ['timeZoneFromDevice'],
  });
export type UpdateUserInput = z.input<typeof UpdateUserInputSchema>;

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

const LOGIN_HINT_MAX = 320;

/** GET /api/auth/google: the sign-in's start, a browser navigation (docs/decisions/002-sign-in.md). */
export const SignInQuerySchema = z.object({
  login_hint: PlainTextSchema('login_hint', LOGIN_HINT_MAX).optional(),
});

/**
 * GET /api/auth/callback: the issuer's answer. Anything odd in it (a repeated parameter, say) must end in
 * the failure redirect, not a 400.
 */
export const SignInCallbackQuerySchema = z.looseObject({
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});
