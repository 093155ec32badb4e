/**
 * Resolves after the event loop has had a turn: heavy work split into short statements awaits it
 * between them, so that requests that arrived meanwhile are read and their queries queued first
 * (docs/decisions/037-fair-heavy-work.md). On the embedded database, whose single connection serves
 * statements in the order they are asked, those queries then run before the next piece; only the
 * first of each request's, now that each is a message to the database's thread, so an import and an
 * export wait with `othersFirst` (db/client.ts) instead.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
