import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AccountImportFile } from '#shared/api/account-data';
import { IMPORT_MAX_BYTES } from '#shared/api/account-data';
import type { TodoistCounts, TodoistCsvFile } from '#shared/domain/todoist-import';
import FileUp from '~icons/lucide/file-up';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { chunkOnce } from '../../../lib/chunk-once';
import { errorText } from '../../../lib/error-text';
import { usePersonsDay } from '../../../lib/persons-day';
import { listOf } from '../lib/counts-text';
import { startImport } from '../lib/import-run';
import { todoistSummary } from '../lib/todoist-summary';

// The CSV reader and quick add's words are large: fetched when files are chosen, never with the screen
// (docs/decisions/010-first-load-weight.md).
const todoistReader = chunkOnce(() => import('#shared/domain/todoist-import'));

type Ready = { file: AccountImportFile; counts: TodoistCounts; names: string[] };

const IMPORT_MAX_MIB = IMPORT_MAX_BYTES / 1024 / 1024;
const NEEDS_SECURE_PAGE =
  'Reading Todoist files needs Stride opened over a secure connection (an address starting https://).';

/**
 * "Import from Todoist" (docs/product.md#your-data, docs/decisions/050-import-from-todoist.md): the
 * person picks the CSV files Todoist exported, reads what will come in, and confirms; the files go in
 * as a Stride export through the one import, with its progress and its toasts.
 */
export function TodoistImport({
  timeZone,
  busy,
  onFailure,
}: {
  /** The person's time zone, for a file's dates written as moments. */
  timeZone: string;
  /** An import is running: one at a time. */
  busy: boolean;
  /** Why the chosen files cannot come in, or null to clear what was said. */
  onFailure: (text: string | null) => void;
}) {
  const today = usePersonsDay();
  const picker = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [reading, setReading] = useState(false);
  const [ready, setReady] = useState<Ready | null>(null);

  async function read(files: File[]) {
    onFailure(null);
    const large = files.find((file) => file.size > IMPORT_MAX_BYTES);
    if (large) {
      onFailure(
        `“${large.name}” is larger than ${IMPORT_MAX_MIB} MiB: a Todoist project’s CSV file is far smaller. Choose the .csv file Todoist’s “Export as a template” saved.`,
      );
      return;
    }
    // The ids are SHA-256 digests (Web Crypto), which a browser gives only to a secure page.
    if (!globalThis.crypto?.subtle) {
      onFailure(NEEDS_SECURE_PAGE);
      return;
    }
    setReading(true);
    try {
      const reader = await todoistReader.load().catch((error: unknown) => {
        // No chunk: offline, or the server out of reach; said as a failed call is.
        onFailure(errorText(error));
        return null;
      });
      if (!reader) return;
      const texts: TodoistCsvFile[] = [];
      for (const file of files) {
        const text = await file.text().catch(() => null);
        if (text === null) {
          onFailure(`“${file.name}” could not be read from this device. Choose it again.`);
          return;
        }
        texts.push({ name: file.name, text });
      }
      const conversion = await reader.convertTodoistFiles(texts, { today, timeZone });
      if (conversion.ok) {
        // The dialog gives focus back to what had it: the button (enabled again first), not the hidden
        // picker a browser may have focused.
        flushSync(() => setReading(false));
        button.current?.focus();
        setReady({ ...conversion, names: files.map((file) => file.name) });
      } else onFailure(conversion.message);
    } catch {
      // Not a refusal the reader words itself: a file it could not make sense of at all.
      onFailure('These files could not be read as Todoist’s CSV files. Export them from Todoist again.');
    } finally {
      setReading(false);
    }
  }

  function confirm() {
    if (ready) startImport(ready.file);
    setReady(null);
  }

  return (
    <>
      <Button
        ref={button}
        variant="outline"
        disabled={busy || reading}
        onClick={() => picker.current?.click()}
      >
        {reading ? <Spinner className="size-4" /> : <FileUp aria-hidden="true" />}
        Import from Todoist
      </Button>
      <input
        ref={picker}
        type="file"
        accept=".csv,text/csv"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Todoist CSV files to import"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) void read(files);
        }}
      />
      <Dialog open={ready !== null} onOpenChange={(open) => !open && setReady(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Import from Todoist?</DialogTitle>
            <DialogDescription>{ready && todoistSummary(ready.counts)}</DialogDescription>
          </DialogHeader>
          {ready && (
            <p className="break-words text-muted-foreground text-sm">
              From {listOf(ready.names.map((name) => `“${name}”`))}. Each project becomes a goal; importing
              the same file again adds nothing twice.
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setReady(null)}>
              Cancel
            </Button>
            <Button onClick={confirm}>Import</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
