import { lazy, Suspense, useEffect } from 'react';
import type { GoalColor } from '#shared/domain/palette';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/error-text';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { type HistoryItemKind, useHistory } from '../api/get-history';

/** Fetches the record's view (history-record.tsx) once; every later opening reuses it. */
function loadHistoryRecord() {
  return import('./history-record').then((module) => ({ default: module.HistoryRecord }));
}
const HistoryRecord = lazy(loadHistoryRecord);

export type HistoryDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: HistoryItemKind;
  id: string;
  title: string;
  /** Habits are purple; a habit-goal task takes its goal's colour (docs/product.md#history). */
  color: GoalColor;
};

/**
 * An item's record (docs/product.md#history): streaks, days done in the last 7 / 30 / 365 days, and
 * a calendar of the last twelve months where a tap marks a day done or not done. The record's view
 * loads with the first opening, alongside the record itself (docs/decisions/010-first-load-weight.md).
 */
export function HistoryDialog(props: HistoryDialogProps) {
  // Nothing of it (its query included) exists until it is first opened.
  return useOpenedOnce(props.open) ? <OpenedHistoryDialog {...props} /> : null;
}

function OpenedHistoryDialog({ open, onOpenChange, kind, id, title, color }: HistoryDialogProps) {
  const history = useHistory(kind, id, open);
  // Start fetching the view with the record, not after it: the skeleton covers both waits.
  useEffect(() => {
    if (open) void loadHistoryRecord();
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent shape="sheet">
        <DialogHeader>
          <DialogTitle>History of {title}</DialogTitle>
          <DialogDescription>Tap a day to mark it done or not done.</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <HistoryLoading />
        ) : history.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>Could not load the history. {errorText(history.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Suspense fallback={<HistoryLoading />}>
            <HistoryRecord history={history.data} kind={kind} id={id} color={color} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

function HistoryLoading() {
  return (
    <div role="status" aria-label="Loading history" className="flex flex-col gap-3">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
