import { retryDelay, shouldRetryMutation } from '../../../lib/query-client';

/** A bulk create that stopped part-way: `created` were saved, in order, before `cause` failed. */
export class BulkCreateError<T> extends Error {
  constructor(
    readonly created: readonly T[],
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'BulkCreateError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs one write under the write retry rules of docs/product.md#retries (no retry on 4xx, otherwise
 * one, after the usual delay). Bulk creates retry each POST on its own like this instead of retrying
 * the whole mutation, which would post again the items already saved.
 */
async function withMutationRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await write();
    } catch (error) {
      if (!shouldRetryMutation(failures, error)) throw error;
      await sleep(retryDelay(failures));
    }
  }
}

/**
 * Bulk add is one POST per item (docs/product.md#call-conventions), sent one after another so the items are
 * saved in the order typed. A failure part-way throws BulkCreateError with what was saved before it.
 */
export async function createInOrder<I, O>(
  inputs: readonly I[],
  create: (input: I) => Promise<O>,
): Promise<O[]> {
  const created: O[] = [];
  for (const input of inputs) {
    try {
      created.push(await withMutationRetry(() => create(input)));
    } catch (error) {
      throw new BulkCreateError(created, error);
    }
  }
  return created;
}
