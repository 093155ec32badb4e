import { serviceUnavailable } from '../errors';

/*
 * One person's writes wait for each other on their owner lock (client.ts, docs/architecture.md,
 * "Concurrency"). On PostgreSQL a write waiting there holds a pooled connection: thirty of one person's
 * writes queued behind their import took all ten, and everyone else waited for a connection or got a
 * 503. So on each instance a person's writes first wait their turn here, in memory, and take a
 * connection only when it comes: one person holds at most one of the instance's connections for their
 * writes, however many are queued. The lock still orders writes that reach different instances.
 */

/** A write that waited its turn too long: 503, kept by the app's outbox and sent again after this. */
const RETRY_AFTER_S = 2;
const MESSAGE = 'Your earlier changes are still being saved. Try again in a moment.';

export type OwnerQueueOptions = {
  /** The longest a write waits for the person's earlier ones before it answers 503. */
  waitMs: number;
  /**
   * Whether a failure says the writes waiting behind would fail the same way (the database cannot be
   * reached): they then fail with it at once instead of each waiting out the database's own timeouts
   * in turn, so every answer of an outage still comes within its bound.
   */
  passesOn: (error: unknown) => boolean;
};

/** What a write leaves to the one behind it: nothing, or the failure it should fail with too. */
type Left = { failure: unknown } | undefined;

export class OwnerQueue {
  readonly #tails = new Map<string, Promise<Left>>();

  constructor(private readonly options: OwnerQueueOptions) {}

  /** Runs `work` once every earlier `run` for `owner` in this queue has ended. */
  async run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const ahead = this.#tails.get(owner);
    let leave: (left: Left) => void = () => {};
    const left = new Promise<Left>((resolve) => {
      leave = resolve;
    });
    // The next write waits for this one and, through `ahead`, for all before it, even when this one
    // gives up waiting and leaves early.
    const tail = ahead ? ahead.then(() => left) : left;
    this.#tails.set(owner, tail);
    let passed: Left;
    try {
      const before = ahead ? await this.#waitFor(ahead) : undefined;
      if (before) {
        passed = before;
        throw before.failure;
      }
      return await work();
    } catch (error) {
      passed ??= this.options.passesOn(error) ? { failure: error } : undefined;
      throw error;
    } finally {
      leave(passed);
      if (this.#tails.get(owner) === tail) this.#tails.delete(owner);
    }
  }

  /** How many people have writes running or waiting (for tests: an empty queue keeps nothing). */
  get size(): number {
    return this.#tails.size;
  }

  #waitFor(ahead: Promise<Left>): Promise<Left> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(serviceUnavailable(MESSAGE, RETRY_AFTER_S)), this.options.waitMs);
    });
    return Promise.race([ahead, late]).finally(() => clearTimeout(timer));
  }
}
