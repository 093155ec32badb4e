import { tooManyRequests } from '../../errors';

/** What a second export waits before trying again: a full account's export takes a second or two. */
export const EXPORT_RETRY_AFTER_S = 5;

/** The answer to an export asked for while another of the same person's runs (docs/product.md#your-data). */
export const exportAlreadyRunning = () =>
  tooManyRequests(
    'Your data is already being exported. Wait for that download to finish, then try again.',
    EXPORT_RETRY_AFTER_S,
  );

/**
 * The exports this instance is answering, one per person at a time: from the first read until the
 * last piece is sent or the download is dropped. An export reads the whole account, so several at once
 * were the way one person could hold the database from everyone else (decision 016). Across instances
 * the database's export lock does the same for the reading (account-data.repo.ts, tryLockExport).
 */
export class ExportGate {
  private readonly running = new Set<string>();

  /** Lets the person's export in, answering how to let the next one in; 429 while one runs. */
  enter(userId: string): () => void {
    if (this.running.has(userId)) throw exportAlreadyRunning();
    this.running.add(userId);
    let open = true;
    return () => {
      if (open) this.running.delete(userId);
      open = false;
    };
  }
}
