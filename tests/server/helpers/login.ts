import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/server/db/client';
import type { UserRow } from '../../../src/server/db/schema';
import { createSession, SESSION_COOKIE } from '../../../src/server/modules/auth/sessions.service';
import { upsertUserBySub } from '../../../src/server/modules/users/users.repo';
import { uniqueEmail } from '../../factories';
import { ApiClient } from './api';
import { TEST_PUBLIC_URL, type TestApp } from './test-app';

export type SignedIn = {
  user: UserRow;
  token: string;
  /** Headers for app.inject: the session cookie, plus the time zone when one was given. */
  headers: Record<string, string>;
};

/**
 * Creates a user and a session straight in the database: fast, for tests about the API rather than
 * the sign-in flow (which has its own tests against the development issuer).
 */
export async function loginAs(
  db: Db,
  options: { email: string; name?: string | null; timeZone?: string; now?: Date },
): Promise<SignedIn> {
  const user = await upsertUserBySub(db, {
    sub: `test-${randomUUID()}`,
    email: options.email,
    name: options.name ?? null,
    firstName: options.name?.split(' ')[0] ?? null,
    picture: null,
  });
  const { token } = await createSession(db, user.id, options.now ?? new Date());
  // Writes must come from the app's origin, as a browser on its pages sends them.
  const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${token}`, origin: TEST_PUBLIC_URL };
  if (options.timeZone) headers['x-time-zone'] = options.timeZone;
  return { user, token, headers };
}

/**
 * A new person whose device is in `timeZone` (the zone their calls carry, which becomes theirs), signed
 * in at `now` (the session must be live at the clock the test gives the app), and their API client.
 */
export async function personIn(app: TestApp, timeZone: string, now: Date): Promise<ApiClient> {
  const signedIn = await loginAs(app.db, { email: uniqueEmail(), timeZone, now });
  return new ApiClient(app.app, signedIn.headers);
}
