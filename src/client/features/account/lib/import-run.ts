import type { AccountImportFile, AccountImportResult } from '#shared/api/account-data';
import { api } from '#shared/api/contract';
import { toast } from '../../../components/ui/toast';
import { type SentSoFar, uploadApi } from '../../../lib/api-upload';
import { errorText } from '../../../lib/error-text';
import { queryClient } from '../../../lib/query-client';
import { importSummary } from './import-summary';

/*
 * The one import that may be running (docs/product.md#your-data). It lives outside the Settings
 * screen, so a person can start it and go on elsewhere: the card shows its progress while it is drawn,
 * and the end is told wherever the person is (a toast), or on the card when they are looking at it.
 */

export type ImportRun =
  | { status: 'idle' }
  /** The file on its way: `sent` of `total` bytes. */
  | { status: 'sending'; sent: number; total: number; days: number }
  /** The file has arrived; the server brings its items and days in. */
  | { status: 'bringing-in'; days: number }
  | { status: 'failed'; error: unknown };

export type ImportEnd =
  | { ok: true; result: AccountImportResult }
  | { ok: false; error: unknown; seenOnCard: boolean };

export type Upload = (file: unknown, onSent: (progress: SentSoFar) => void) => Promise<AccountImportResult>;

const sendImport: Upload = (file, onSent) =>
  uploadApi(api.account.import, { body: file as AccountImportFile }, onSent);

/** The completed days a file holds, said while they are brought in; 0 for a file of another shape. */
export function completedDaysIn(file: unknown): number {
  if (typeof file !== 'object' || file === null) return 0;
  let days = 0;
  for (const list of [(file as { tasks?: unknown }).tasks, (file as { habits?: unknown }).habits]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const completed = (item as { completedDays?: unknown } | null)?.completedDays;
      if (Array.isArray(completed)) days += completed.length;
    }
  }
  return days;
}

export function createImportRunner(upload: Upload = sendImport) {
  let run: ImportRun = { status: 'idle' };
  let cardsShown = 0;
  const listeners = new Set<() => void>();
  const set = (next: ImportRun) => {
    run = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: (): ImportRun => run,
    /** A card showing the run counts itself while drawn: a failure then shows there, not in a toast. */
    cardShown(): () => void {
      cardsShown += 1;
      return () => {
        cardsShown -= 1;
        // A failure shown on the card was read there; it does not greet the next visit.
        if (cardsShown === 0 && run.status === 'failed') set({ status: 'idle' });
      };
    },
    /** Starts an import unless one is running; `onEnd` hears how it ended. */
    start(file: unknown, onEnd: (end: ImportEnd) => void): boolean {
      if (run.status === 'sending' || run.status === 'bringing-in') return false;
      const days = completedDaysIn(file);
      set({ status: 'sending', sent: 0, total: 0, days });
      upload(file, ({ sent, total }) => {
        // Every byte out: what is left is the server's work.
        set(sent >= total ? { status: 'bringing-in', days } : { status: 'sending', sent, total, days });
      }).then(
        (result) => {
          set({ status: 'idle' });
          onEnd({ ok: true, result });
        },
        (error: unknown) => {
          const seenOnCard = cardsShown > 0;
          // Told in a toast when no card shows it, so nothing is left to show later.
          set(seenOnCard ? { status: 'failed', error } : { status: 'idle' });
          onEnd({ ok: false, error, seenOnCard });
        },
      );
      return true;
    },
    /** The card's failure is read: back to idle (a new file was chosen, say). */
    clear(): void {
      if (run.status === 'failed') set({ status: 'idle' });
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;

export const importRunner = createImportRunner();

/**
 * Starts importing a parsed file: every list is read afresh after it, and the end is told in a toast
 * (a failure on the card instead, when the person is looking at it). False when one is running.
 */
export function startImport(file: unknown, runner: ImportRunner = importRunner): boolean {
  return runner.start(file, (end) => {
    if (end.ok) {
      void queryClient.invalidateQueries();
      toast({ title: 'Import finished', description: importSummary(end.result) });
    } else if (!end.seenOnCard) {
      toast({
        title: 'Could not import that file',
        description: errorText(end.error),
        variant: 'destructive',
      });
    }
  });
}
