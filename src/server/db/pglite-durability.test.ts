import { describe, expect, it, vi } from 'vitest';
import type { EmbeddedClient } from './embedded-thread';
import { FLUSH_WAL, walFlusher } from './pglite-durability';

/*
 * How writers share the WAL's flushes (walFlusher), against a database whose answers the test sends
 * when it chooses: which flush each caller waits for does not depend on how fast the disk or the
 * machine is. embedded-storage.test.ts shows the same flushes reaching a real disk.
 */

function heldDatabase() {
  const answers: Array<() => void> = [];
  const query = vi.fn(
    (_text: string) =>
      new Promise<{ rows: Array<{ lsn: string }> }>((resolve) => {
        answers.push(() => resolve({ rows: [{ lsn: '0/100' }] }));
      }),
  );
  const exec = vi.fn(async () => []);
  const client = { query, exec } as unknown as Pick<EmbeddedClient, 'query' | 'exec'>;
  return {
    flushed: walFlusher(client),
    sent: () => query.mock.calls.length,
    answer: () => answers.shift()?.(),
    texts: () => query.mock.calls.map(([text]) => text),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the WAL flushes writers share (db/pglite-durability.ts)', () => {
  it('sends one flush for the writers of one turn, and each is answered when it is', async () => {
    const db = heldDatabase();
    let answered = 0;
    const waits = [db.flushed(), db.flushed(), db.flushed()].map((wait) => wait.then(() => answered++));
    await vi.waitFor(() => expect(db.sent()).toBe(1));
    await turn();
    expect(answered).toBe(0);
    db.answer();
    await Promise.all(waits);
    expect(answered).toBe(3);
    expect(db.texts()).toEqual([FLUSH_WAL]);
  });

  it('writers arriving one turn after another while a flush runs share the next one, sent when it answers', async () => {
    const db = heldDatabase();
    const first = db.flushed();
    await vi.waitFor(() => expect(db.sent()).toBe(1));
    const later: Array<Promise<void>> = [];
    let laterAnswered = 0;
    for (let i = 0; i < 10; i += 1) {
      later.push(db.flushed().then(() => void laterAnswered++));
      await turn();
    }
    // They may have committed after the running flush was sent, so it does not cover them.
    expect(db.sent()).toBe(1);
    db.answer();
    await first;
    await vi.waitFor(() => expect(db.sent()).toBe(2));
    expect(laterAnswered).toBe(0);
    db.answer();
    await Promise.all(later);
    expect(laterAnswered).toBe(10);
    expect(db.sent()).toBe(2);
  });
});
