import Download from 'lucide-react/icons/download';
import Upload from 'lucide-react/icons/upload';
import { useRef, useState } from 'react';
import { CSV_LISTS, IMPORT_MAX_BYTES } from '#shared/api/account-data';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { EXPORT_JSON_URL, exportCsvUrl, useImportAccount } from '../api/account-data';
import { importSummary } from '../lib/import-summary';

const CSV_NAMES = { goals: 'Goals', tasks: 'Tasks', habits: 'Habits', completions: 'Completions' } as const;
const IMPORT_MAX_MIB = IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Taking the data out and bringing it back (docs/product.md#your-data): the JSON export holds
 * everything and is what Import reads; the CSV files are for spreadsheets.
 */
export function YourDataCard() {
  const importer = useImportAccount();
  const picker = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function importFile(file: File) {
    setFailure(null);
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
    importer.mutate(data, {
      onSuccess: (result) => toast({ title: 'Import finished', description: importSummary(result) }),
      onError: (error) => setFailure(errorText(error)),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Take everything you keep in Stride with you, or bring an export back. Importing the same file twice
          adds nothing twice.
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
          <Button variant="outline" disabled={importer.isPending} onClick={() => picker.current?.click()}>
            {importer.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
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
        </div>
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
        {failure && <InlineFailure title="Could not import that file" text={failure} />}
      </CardContent>
    </Card>
  );
}
