import { ProgressBar } from '../../../components/ui/progress-bar';
import type { ImportRun } from '../lib/import-run';

/**
 * How far an import has got (docs/product.md#your-data): the share of the file sent, then the server
 * bringing it in, whose length the bar cannot know (nor how much is out before the browser says).
 */
export function ImportProgress({ run }: { run: Extract<ImportRun, { status: 'sending' | 'bringing-in' }> }) {
  const sending = run.status === 'sending';
  const percent = sending && run.total > 0 ? Math.round((run.sent / run.total) * 100) : undefined;
  // Said once per phase (a live region), not at every percent; the bar carries the figure.
  const text = sending
    ? 'Sending the file…'
    : run.days > 0
      ? `Bringing in ${run.days.toLocaleString('en-US')} completed days and their items…`
      : 'Bringing in your items…';
  return (
    <div className="flex flex-col gap-2">
      <p className="flex justify-between gap-2 text-sm">
        <span role="status">{text}</span>
        {percent !== undefined && <span aria-hidden="true">{percent}%</span>}
      </p>
      <ProgressBar label="Import" percent={percent} />
      <p className="text-muted-foreground text-xs">
        You can go on using Stride meanwhile: you will see when it is done.
      </p>
    </div>
  );
}
