import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  EXECUTION_TICK_MS,
  executionProgress,
  formatElapsed,
  remainingCount,
} from '#shared/domain/execution';
import ChevronLeft from '~icons/lucide/chevron-left';
import ChevronRight from '~icons/lucide/chevron-right';
import Timer from '~icons/lucide/timer';
import X from '~icons/lucide/x';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import type { Execution } from '../hooks/use-execution';
import type { TodayItem } from '../lib/today-items';

/**
 * Whole seconds on the current item, re-rendered on each whole second since `startedAt` (not since
 * mount), so the display turns to 0:01 exactly one second in.
 */
function useElapsed(startedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const untilNextTick = EXECUTION_TICK_MS - (Math.max(0, Date.now() - startedAt) % EXECUTION_TICK_MS);
    setNow(Date.now());
    const first = setTimeout(() => {
      setNow(Date.now());
      interval = setInterval(() => setNow(Date.now()), EXECUTION_TICK_MS);
    }, untilNextTick);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, [startedAt]);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A checkbox (the card's circle, a checklist item) takes Space, never the arrows.
  if (target instanceof HTMLInputElement && target.type === 'checkbox') return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function ExecutionMode({
  execution,
  renderItem,
}: {
  execution: Execution;
  /** The item's card (complete toggle, Today toggle, edit), composed in by the route. */
  renderItem: (item: TodayItem) => ReactNode;
}) {
  const { run, current, machineItems, canGoPrevious, canGoNext, previous, next, exit } = execution;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const seconds = useElapsed(run?.itemStartedAt ?? 0);

  // Move focus into the focused view so keyboard and screen-reader users land on it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Left and right arrow keys mirror the arrow buttons and Escape is Exit, except while typing or in a
  // dialog; an Escape that closed a menu, a dialog or a toast (they mark it handled) is theirs.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else if (event.key === 'Escape') exit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, exit]);

  if (!run) return null;
  const remaining = remainingCount(machineItems);
  const progress = executionProgress(run, machineItems);
  const percent = Math.round(progress * 100);

  return (
    <section aria-labelledby="execution-mode-title" className="flex flex-col gap-4">
      <header className="flex items-center justify-between gap-3">
        <h1
          id="execution-mode-title"
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-2xl tracking-tight outline-none"
        >
          Execution Mode
        </h1>
        <Button variant="outline" onClick={exit}>
          <X aria-hidden="true" />
          Exit
        </Button>
      </header>

      <div>
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <p className="font-medium">{remaining} remaining</p>
          <p className="text-muted-foreground text-xs tabular-nums">{percent}% done</p>
        </div>
        <ProgressBar label="Progress" percent={percent} className="mt-2" />
      </div>

      {/* The stage: the timer and the one item that matters now, centred and roomy. */}
      <div className="flex min-h-[38dvh] flex-col justify-center gap-6 rounded-3xl border bg-gradient-to-b from-accent/70 to-card px-3 py-8 shadow-sm sm:px-6">
        <p className="flex flex-col items-center gap-1">
          <span className="inline-flex items-center gap-1.5 font-medium text-muted-foreground text-xs uppercase tracking-wider">
            <Timer aria-hidden="true" className="size-3.5" />
            Time on this item
          </span>
          <time
            data-testid="execution-timer"
            className="font-semibold text-5xl text-foreground tabular-nums tracking-tight sm:text-6xl"
          >
            {formatElapsed(seconds)}
          </time>
        </p>
        {/* Announce the item that became current, not the controls around it. */}
        <div aria-live="polite">{current ? renderItem(current) : null}</div>
        {/* Said during the 800 ms hand-over, so the pause reads as a reward rather than a stall. */}
        <p
          role="status"
          className="min-h-5 text-center font-medium text-emerald-700 text-sm dark:text-emerald-400"
        >
          {run.advanceAt !== null ? 'Nice! Moving on…' : ''}
        </p>
      </div>

      {/*
       * Large targets below the item, within reach of a thumb. Below `lg` they stay in sight above the
       * bottom bar (app/layout/main-nav.tsx: 56 px entries, 12 px of padding and its border) when a long
       * item or its checklist would push them under it, so moving on never needs a scroll first.
       */}
      <div className="sticky bottom-[calc(4.375rem+env(safe-area-inset-bottom))] z-10 -mx-1 grid grid-cols-2 gap-3 rounded-xl bg-background p-1 lg:static lg:bg-transparent">
        <Button variant="outline" size="lg" onClick={previous} disabled={!canGoPrevious}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="lg" onClick={next} disabled={!canGoNext}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      <p className="text-center text-muted-foreground text-sm">
        Use arrow buttons above or complete item to advance
      </p>
    </section>
  );
}
