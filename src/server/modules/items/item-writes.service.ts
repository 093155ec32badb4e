import { type Db, inTransaction } from '../../db/client';
import { quotaReached } from '../../errors';

/*
 * The shape a task's and a habit's create and edit share (docs/architecture.md, "Concurrency"); what
 * each writes is its own module's. Both run under the person's lock, since they take list positions.
 */

export type CreateOnce<T> = {
  /** The id the client chose, if it did, and the item this person already made with it (a retry). */
  id: string | undefined;
  existing: (tx: Db, id: string) => Promise<T | undefined>;
  /** How many of this kind the person has, the limit, and what to say when it is reached. */
  count: (tx: Db) => Promise<number>;
  max: number;
  full: string;
  insert: (tx: Db) => Promise<T | undefined>;
};

/**
 * Creates an item once: with a client-chosen id this person already used, answers that item unchanged,
 * so a retried create never makes a second one; `created` tells the route which status to answer.
 */
export function createOnce<T>(
  db: Db,
  userId: string,
  create: CreateOnce<T>,
): Promise<{ item: T; created: boolean }> {
  return inTransaction(
    db,
    async (tx) => {
      const existing = create.id === undefined ? undefined : await create.existing(tx, create.id);
      if (existing) return { item: existing, created: false };
      if ((await create.count(tx)) >= create.max) throw quotaReached(create.full);
      const item = await create.insert(tx);
      if (!item) throw new Error('insert returned no row');
      return { item, created: true };
    },
    { owner: userId },
  );
}

export type EditItem<T, I> = {
  /** Marks today done or not done: the whole of an edit that only ticks, the hot path, in one statement. */
  tick: (db: Db, done: boolean) => Promise<T>;
  /** Writes every other change, inside the transaction; `ticking` says whether a tick follows. */
  edit: (tx: Db, edits: Omit<I, 'completedToday'>, ticking: boolean) => Promise<void>;
  /** The item as the API answers it after the edit (throws not found when it is gone). */
  read: (tx: Db) => Promise<T>;
};

/**
 * Edits an item. A tick alone is one statement; anything else runs in a transaction under the
 * person's lock, since it may move the item between lists or onto Today, and a tick given with it
 * comes after the edit, in the same transaction.
 */
export function editItem<T, I extends { completedToday?: boolean | undefined }>(
  db: Db,
  userId: string,
  input: I,
  steps: EditItem<T, I>,
): Promise<T> {
  const { completedToday, ...edits } = input;
  if (completedToday !== undefined && Object.values(edits).every((value) => value === undefined)) {
    return steps.tick(db, completedToday);
  }
  return inTransaction(
    db,
    async (tx) => {
      await steps.edit(tx, edits, completedToday !== undefined);
      return completedToday !== undefined ? steps.tick(tx, completedToday) : steps.read(tx);
    },
    { owner: userId },
  );
}
