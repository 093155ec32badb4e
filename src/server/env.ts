import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings in a shell (`FOO= npm start`) mean "not set", not "set to nothing". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const port = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int({ message: `${name} must be a whole number` })
    .min(0, { message: `${name} must be between 0 and 65535` })
    .max(65535, { message: `${name} must be between 0 and 65535` });

/** Per-minute allowances (docs/decisions/011-abuse-limits.md): far above what one person does by hand. */
export const DEFAULT_RATE_LIMITS = {
  /** Sign-in starts and callbacks per client address. */
  signIn: 30,
  /** Writes per signed-in user; a burst of the same size is allowed (a 200-line bulk add, a replay). */
  writes: 600,
  /** API calls without a session per client address. */
  anonymous: 300,
  /**
   * Reads of one calendar feed address (docs/product.md#calendar-feed): a calendar polls every few
   * minutes at most; a burst covers a person adding it to a few devices at once.
   */
  calendarFeed: 10,
} as const;

const perMinute = (name: string, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ message: `${name} must be a number` })
      .int({ message: `${name} must be a whole number of requests per minute` })
      .min(1, { message: `${name} must be at least 1` })
      .max(1_000_000, { message: `${name} must be at most 1000000` })
      .default(fallback),
  );

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: unset trusts nobody, `true` every hop, a number that
 * many hops, anything else a comma-separated list of addresses or CIDR ranges.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** A whole number of milliseconds within bounds, or unset. */
const milliseconds = (name: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ message: `${name} must be a number` })
      .int({ message: `${name} must be a whole number of milliseconds` })
      .min(min, { message: `${name} must be between ${min} and ${max}` })
      .max(max, { message: `${name} must be between ${min} and ${max}` })
      .optional(),
  );

const RawEnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], {
      message: 'NODE_ENV must be development, test or production',
    })
    .default('development'),
  PORT: port('PORT').default(3000),
  HOST: optionalText,
  PUBLIC_URL: optionalText,
  DATA_DIR: optionalText.transform((value) => value ?? './data'),
  DATABASE_URL: optionalText,
  DATABASE_LISTEN_URL: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  DEV_OIDC_PORT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    port('DEV_OIDC_PORT').optional(),
  ),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  TRUST_PROXY: optionalText,
  RATE_LIMITS: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z.enum(['on', 'off'], { message: 'RATE_LIMITS must be on or off' }).optional(),
    )
    .default('on'),
  RATE_LIMIT_SIGN_IN: perMinute('RATE_LIMIT_SIGN_IN', DEFAULT_RATE_LIMITS.signIn),
  RATE_LIMIT_WRITES: perMinute('RATE_LIMIT_WRITES', DEFAULT_RATE_LIMITS.writes),
  RATE_LIMIT_ANONYMOUS: perMinute('RATE_LIMIT_ANONYMOUS', DEFAULT_RATE_LIMITS.anonymous),
  RATE_LIMIT_CALENDAR_FEED: perMinute('RATE_LIMIT_CALENDAR_FEED', DEFAULT_RATE_LIMITS.calendarFeed),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  SHUTDOWN_DRAIN_MS: milliseconds('SHUTDOWN_DRAIN_MS', 0, 300_000),
  // A round must come well within the minute a reminder is promised in; a lease must outlast a push's
  // own timeout (PUSH_TIMEOUT_MS, 10 s) or a slow send could be sent again by another instance.
  REMINDER_ROUND_MS: milliseconds('REMINDER_ROUND_MS', 1_000, 30_000),
  REMINDER_LEASE_MS: milliseconds('REMINDER_LEASE_MS', 15_000, 600_000),
});

/** How often each instance's reminder worker runs a round, unless configured (decision 032). */
export const DEFAULT_REMINDER_ROUND_MS = 10_000;
/** How long a delivery leased to one worker is kept from the others, unless configured (decision 032). */
export const DEFAULT_REMINDER_LEASE_MS = 60_000;

/** How long a stopping production instance keeps serving after its health turns 503 (see Env). */
export const DEFAULT_PRODUCTION_DRAIN_MS = 5_000;

export type Env = {
  NODE_ENV: 'development' | 'test' | 'production';
  PORT: number;
  /** Interface to listen on: loopback in development and test unless set, every interface in production. */
  HOST: string;
  /** Origin and base URL the browser uses; the OIDC redirect URI and the Origin check derive from it. */
  PUBLIC_URL: string;
  DATA_DIR: string;
  DATABASE_URL: string | undefined;
  /**
   * Where the live-update listener connects (docs/decisions/017-live-sync.md): straight to PostgreSQL
   * when DATABASE_URL goes through a transaction-mode pooler, which cannot hold a LISTEN.
   */
  DATABASE_LISTEN_URL: string | undefined;
  GOOGLE_CLIENT_ID: string | undefined;
  GOOGLE_CLIENT_SECRET: string | undefined;
  DEV_OIDC_PORT: number;
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  /** Which proxies may set X-Forwarded-For/-Proto (Fastify's trustProxy); none unless configured. */
  TRUST_PROXY: boolean | number | string;
  /** Per-minute rate limits, or null when switched off (RATE_LIMITS=off, never in production). */
  RATE_LIMITS: { signIn: number; writes: number; anonymous: number; calendarFeed: number } | null;
  /**
   * On SIGTERM, how long the instance answers 503 on /api/health while still serving, so that a load
   * balancer takes it out before it stops accepting connections (docs/architecture.md, "Rolling
   * restarts"). 0 outside production unless set: a developer's Ctrl-C stops at once.
   */
  SHUTDOWN_DRAIN_MS: number;
  /** How often the reminder worker runs a round (docs/decisions/032-push-reminders.md). */
  REMINDER_ROUND_MS: number;
  /** How long a delivery being sent is leased to its worker; after it, another instance sends it. */
  REMINDER_LEASE_MS: number;
  /**
   * The VAPID key pair push messages are signed with (RFC 8292), base64url; unset, the server makes
   * one and keeps it in the database (docs/decisions/032-push-reminders.md).
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who runs this server, for push services: a mailto: or https: address. */
  VAPID_SUBJECT: string;
};

/**
 * Reads and checks the configuration once at start. Throws an Error with a one-line message naming
 * what to fix, so main can print it and exit instead of failing later on the first request.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = RawEnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? 'environment';
    throw new Error(`Invalid configuration: ${where}: ${issue?.message ?? 'invalid value'}`);
  }
  const raw = parsed.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  if (!URL.canParse(publicUrl)) {
    throw new Error(
      `Invalid configuration: PUBLIC_URL must be an absolute URL such as https://stride.example.com`,
    );
  }
  const hasId = raw.GOOGLE_CLIENT_ID !== undefined;
  const hasSecret = raw.GOOGLE_CLIENT_SECRET !== undefined;
  if (hasId !== hasSecret) {
    throw new Error('Invalid configuration: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither');
  }
  if (raw.NODE_ENV === 'production' && !hasId) {
    throw new Error(
      'Google sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (and PUBLIC_URL) to run with NODE_ENV=production',
    );
  }
  if ((raw.VAPID_PUBLIC_KEY === undefined) !== (raw.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  const vapidSubject =
    raw.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:stride@localhost');
  if (!/^(mailto:.+|https:\/\/.+)$/.test(vapidSubject)) {
    throw new Error('Invalid configuration: VAPID_SUBJECT must be a mailto: or https: address');
  }
  if (raw.NODE_ENV === 'production' && raw.RATE_LIMITS === 'off') {
    throw new Error(
      'Invalid configuration: RATE_LIMITS=off is for benchmarks and load tests, not production',
    );
  }
  return {
    NODE_ENV: raw.NODE_ENV,
    PORT: raw.PORT,
    // The development sign-in needs no password, so outside production nothing but this machine
    // reaches the server unless HOST says otherwise (docs/decisions/002-sign-in.md).
    HOST: raw.HOST ?? (raw.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    PUBLIC_URL: publicUrl,
    DATA_DIR: raw.DATA_DIR,
    DATABASE_URL: raw.DATABASE_URL,
    DATABASE_LISTEN_URL: raw.DATABASE_LISTEN_URL ?? raw.DATABASE_URL,
    GOOGLE_CLIENT_ID: raw.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: raw.GOOGLE_CLIENT_SECRET,
    DEV_OIDC_PORT: raw.DEV_OIDC_PORT ?? (raw.PORT === 0 ? 0 : raw.PORT + 1),
    LOG_LEVEL: raw.LOG_LEVEL,
    TRUST_PROXY: parseTrustProxy(raw.TRUST_PROXY),
    RATE_LIMITS:
      raw.RATE_LIMITS === 'off'
        ? null
        : {
            signIn: raw.RATE_LIMIT_SIGN_IN,
            writes: raw.RATE_LIMIT_WRITES,
            anonymous: raw.RATE_LIMIT_ANONYMOUS,
            calendarFeed: raw.RATE_LIMIT_CALENDAR_FEED,
          },
    SHUTDOWN_DRAIN_MS:
      raw.SHUTDOWN_DRAIN_MS ?? (raw.NODE_ENV === 'production' ? DEFAULT_PRODUCTION_DRAIN_MS : 0),
    REMINDER_ROUND_MS: raw.REMINDER_ROUND_MS ?? DEFAULT_REMINDER_ROUND_MS,
    REMINDER_LEASE_MS: raw.REMINDER_LEASE_MS ?? DEFAULT_REMINDER_LEASE_MS,
    vapidKeys:
      raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY
        ? { publicKey: raw.VAPID_PUBLIC_KEY, privateKey: raw.VAPID_PRIVATE_KEY }
        : undefined,
    VAPID_SUBJECT: vapidSubject,
  };
}
