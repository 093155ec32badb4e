import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('has working defaults for a fresh machine', () => {
    expect(loadEnv({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: 'localhost',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      GOOGLE_CLIENT_ID: undefined,
      GOOGLE_CLIENT_SECRET: undefined,
      DEV_OIDC_PORT: 3001,
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      RATE_LIMITS: { signIn: 30, writes: 600, anonymous: 300, calendarFeed: 10 },
      SHUTDOWN_DRAIN_MS: 0,
      REMINDER_ROUND_MS: 10_000,
      REMINDER_LEASE_MS: 60_000,
      vapidKeys: undefined,
      VAPID_SUBJECT: 'mailto:stride@localhost',
    });
  });

  it('drains 5 s before stopping in production, not at all elsewhere, unless SHUTDOWN_DRAIN_MS says', () => {
    const production = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadEnv(production).SHUTDOWN_DRAIN_MS).toBe(5_000);
    expect(loadEnv({ ...production, SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadEnv({ SHUTDOWN_DRAIN_MS: '1500' }).SHUTDOWN_DRAIN_MS).toBe(1_500);
  });

  it('runs reminder rounds every 10 s with a 60 s lease unless configured', () => {
    const env = loadEnv({ REMINDER_ROUND_MS: '2000', REMINDER_LEASE_MS: '15000' });
    expect([env.REMINDER_ROUND_MS, env.REMINDER_LEASE_MS]).toEqual([2_000, 15_000]);
  });

  it('listens on loopback unless HOST is set, and on every interface in production', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).HOST).toBe('localhost');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    const production = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadEnv(production).HOST).toBe('0.0.0.0');
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('reads the rate limits, and switches them off only outside production', () => {
    expect(loadEnv({ RATE_LIMIT_WRITES: '1200', RATE_LIMIT_SIGN_IN: '5' }).RATE_LIMITS).toEqual({
      signIn: 5,
      writes: 1200,
      anonymous: 300,
      calendarFeed: 10,
    });
    expect(loadEnv({ RATE_LIMITS: 'off' }).RATE_LIMITS).toBeNull();
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        GOOGLE_CLIENT_ID: 'i',
        GOOGLE_CLIENT_SECRET: 's',
        RATE_LIMITS: 'off',
      }),
    ).toThrow('RATE_LIMITS=off is for benchmarks and load tests, not production');
  });

  it('derives PUBLIC_URL and DEV_OIDC_PORT from PORT, and trims a trailing slash', () => {
    expect(loadEnv({ PORT: '3100' })).toMatchObject({
      PUBLIC_URL: 'http://localhost:3100',
      DEV_OIDC_PORT: 3101,
    });
    expect(loadEnv({ PUBLIC_URL: 'https://stride.example/' }).PUBLIC_URL).toBe('https://stride.example');
    expect(loadEnv({ DEV_OIDC_PORT: '4000' }).DEV_OIDC_PORT).toBe(4000);
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', GOOGLE_CLIENT_ID: ' ', GOOGLE_CLIENT_SECRET: '' })).toMatchObject({
      DATABASE_URL: undefined,
      GOOGLE_CLIENT_ID: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV must be development, test or production'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be an absolute URL'],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET'],
    [{ RATE_LIMITS: 'maybe' }, 'RATE_LIMITS must be on or off'],
    [{ RATE_LIMIT_WRITES: '0' }, 'RATE_LIMIT_WRITES must be at least 1'],
    [{ RATE_LIMIT_ANONYMOUS: 'lots' }, 'RATE_LIMIT_ANONYMOUS must be a number'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS must be between 0 and 300000'],
    [{ REMINDER_ROUND_MS: '60000' }, 'REMINDER_ROUND_MS must be between 1000 and 30000'],
    // Shorter than a push's own 10 s timeout, a lease could run out while its send is still going.
    [{ REMINDER_LEASE_MS: '5000' }, 'REMINDER_LEASE_MS must be between 15000 and 600000'],
  ])('refuses %j with a message naming what to fix', (source, message) => {
    expect(() => loadEnv(source)).toThrow(message);
  });

  it('refuses production without Google credentials, saying what to set', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      'Google sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
    expect(
      loadEnv({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).NODE_ENV,
    ).toBe('production');
  });
});
