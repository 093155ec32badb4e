import type { Ref } from 'react';
import Eraser from '~icons/lucide/eraser';
import Play from '~icons/lucide/play';
import Plus from '~icons/lucide/plus';
import { Button } from '../../../components/ui/button';

export function TodayHeader({
  countText,
  onExecute,
  onClear,
  onAdd,
  clearing,
  executeRef,
}: {
  /** "{visible} of {total} item(s)"; undefined while the list loads, better than a wrong "0 of 0". */
  countText: string | undefined;
  onExecute: () => void;
  onClear: () => void;
  onAdd: () => void;
  clearing: boolean;
  /** Focus comes back here when Execution Mode ends. */
  executeRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <header className="flex flex-col gap-2.5 sm:flex-row sm:items-end sm:justify-between">
      {/* On phones the count sits beside the heading: a line saved for the list. */}
      <div className="flex items-baseline gap-3 sm:block">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">Today</h1>
        <p className="min-h-5 sm:mt-1 text-muted-foreground text-sm" data-testid="today-count">
          {countText}
        </p>
      </div>
      {/* Tighter padding on phones keeps the three on one row at 390px even with a wide system font;
          below 360px they do not fit, and Execute Mode takes the first row to itself. */}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          ref={executeRef}
          onClick={onExecute}
          className="flex-1 max-sm:px-3 max-[359px]:basis-full sm:flex-none"
        >
          <Play aria-hidden="true" />
          Execute Mode
        </Button>
        <Button
          variant="outline"
          onClick={onClear}
          disabled={clearing}
          className="flex-1 max-sm:px-3 sm:flex-none"
        >
          <Eraser aria-hidden="true" />
          Clear Today
        </Button>
        <Button variant="outline" onClick={onAdd} aria-label="Add new item" className="min-w-11 px-3">
          <Plus aria-hidden="true" />
          <span className="hidden sm:inline">Add new item</span>
        </Button>
      </div>
    </header>
  );
}
