import type { SessionWithUser } from './sessions.repo';

/*
 * Recently seen sessions, so that most calls need no session query (docs/decisions/013-api-cost.md:
 * on PostgreSQL the lookup was half the round trips of GET /api/today). An entry is trusted for
 * TTL_MS after it was read; this instance forgets it at once when it revokes it, another instance
 * within TTL_MS. Expiry and lifetime are still checked against the cached times on every call.
 */

export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry = { session: SessionWithUser; readAt: number };

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get(tokenHash: string, now: Date): SessionWithUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now.getTime() - entry.readAt >= this.ttlMs || now.getTime() < entry.readAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  set(tokenHash: string, session: SessionWithUser, now: Date): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // The oldest entry first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { session, readAt: now.getTime() });
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Every cached session of one person (sign out everywhere, account deleted), or one by its id. */
  forgetUser(userId: string, sessionId?: string): void {
    for (const [hash, entry] of this.entries) {
      if (entry.session.user.id === userId && (sessionId === undefined || entry.session.id === sessionId)) {
        this.entries.delete(hash);
      }
    }
  }
}
