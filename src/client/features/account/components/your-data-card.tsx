import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CSV_LISTS, IMPORT_MAX_BYTES } from '#shared/api/account-data';
import Download from '~icons/lucide/download';
import Upload from '~icons/lucide/upload';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { EXPORT_JSON_URL, exportCsvUrl } from '../api/account-data';
import { importRunner, startImport } from '../lib/import-run';
import { ImportProgress } from './import-progress';
import { TodoistImport } from './todoist-import';

const CSV_NAMES = { goals: 'Goals', tasks: 'Tasks', habits: 'Habits', completions: 'Completions' } as const;
const IMPORT_MAX_MIB = IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Taking the data out and bringing it back (docs/product.md#your-data): the JSON export holds
 * everything and is what Import reads; the CSV files are for spreadsheets; a Todoist project's CSV
 * files come in through the same import. `timeZone` is the person's, for the dates of those files.
 */
export function YourDataCard({ timeZone }: { timeZone: string }) {
  const run = useSyncExternalStore(importRunner.subscribe, importRunner.current);
  const running = run.status === 'sending' || run.status === 'bringing-in';
  useEffect(() => importRunner.cardShown(), []);
  const picker = useRef<HTMLInputElement>(null);
  // What is wrong with the chosen file before anything is sent; the server's refusals are the run's.
  const [failure, setFailure] = useState<string | null>(null);
  const shownFailure = failure ?? (run.status === 'failed' ? errorText(run.error) : null);

  async function importFile(file: File) {
    setFailure(null);
    importRunner.clear();
    if (file.size > IMPORT_MAX_BYTES) {
      setFailure(
        `This file is larger than ${IMPORT_MAX_MIB} MiB. Choose the .json file “Export as JSON” saved.`,
      );
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(await file.text());
    } catch {
      setFailure(
        'This file is not a Stride export (it is not JSON). Choose the .json file “Export as JSON” saved.',
      );
      return;
    }
    startImport(data);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Take everything you keep in Stride with you, or bring an export back, or your projects from Todoist.
          Importing the same file twice adds nothing twice.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={EXPORT_JSON_URL} download>
              <Download aria-hidden="true" />
              Export as JSON
            </a>
          </Button>
          <Button variant="outline" disabled={running} onClick={() => picker.current?.click()}>
            {running ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
            Import a Stride export
          </Button>
          <input
            ref={picker}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            tabIndex={-1}
            aria-label="Stride export file to import"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void importFile(file);
            }}
          />
          <TodoistImport
            timeZone={timeZone}
            busy={running}
            onFailure={(text) => {
              if (text === null) importRunner.clear();
              setFailure(text);
            }}
          />
        </div>
        {running && <ImportProgress run={run} />}
        <div>
          <p className="text-muted-foreground text-sm">Or as CSV for a spreadsheet, one file per list:</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {CSV_LISTS.map((list) => (
              <li key={list}>
                <Button asChild variant="outline" size="sm">
                  <a href={exportCsvUrl(list)} download aria-label={`Export ${CSV_NAMES[list]} as CSV`}>
                    {CSV_NAMES[list]}
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </div>
        {shownFailure && <InlineFailure title="Could not import that file" text={shownFailure} />}
      </CardContent>
    </Card>
  );
}
