import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type ExecutionItem,
  type ExecutionRun,
  nextKey,
  previousKey,
  settleExecution,
  startExecution,
  stepNext,
  stepPrevious,
} from '#shared/domain/execution';
import { toast } from '../../../components/ui/toast';
import { isTodayItemCompleted, type TodayItem } from '../lib/today-items';

export type Execution = {
  run: ExecutionRun | null;
  current: TodayItem | undefined;
  /** The visible list as the state machine sees it (key + completed). */
  machineItems: readonly ExecutionItem[];
  canGoPrevious: boolean;
  canGoNext: boolean;
  start: () => void;
  exit: () => void;
  previous: () => void;
  next: () => void;
};

/**
 * Drives the Execution Mode state machine (shared/domain/execution.ts) with real time: it settles the
 * run whenever the visible list changes and when a pending hand-over falls due.
 */
export function useExecution(visibleItems: readonly TodayItem[]): Execution {
  const [run, setRun] = useState<ExecutionRun | null>(null);
  // Bumped by the hand-over timer so the settle effect runs again once the 800 ms are over.
  const [wake, setWake] = useState(0);

  const machineItems = useMemo(
    () => visibleItems.map((item) => ({ key: item.key, completed: isTodayItemCompleted(item) })),
    [visibleItems],
  );

  useEffect(() => {
    void wake;
    if (!run) return;
    const now = Date.now();
    const result = settleExecution(run, machineItems, now);
    if (result.kind === 'all-done') {
      setRun(null);
      toast({ title: '🎉 All done!', description: "You've completed all your today items. Great work!" });
      return;
    }
    if (result.run !== run) {
      setRun(result.run);
      return;
    }
    if (run.advanceAt === null) return;
    const timer = setTimeout(() => setWake((n) => n + 1), Math.max(0, run.advanceAt - now));
    return () => clearTimeout(timer);
  }, [run, machineItems, wake]);

  const start = useCallback(() => {
    const result = startExecution(machineItems, Date.now());
    if (result.kind === 'nothing-to-execute') {
      toast({ title: 'No items to execute', description: 'All your today items are already completed!' });
      return;
    }
    setRun(result.run);
  }, [machineItems]);

  const exit = useCallback(() => setRun(null), []);
  const previous = useCallback(
    () => setRun((current) => (current ? stepPrevious(current, machineItems, Date.now()) : current)),
    [machineItems],
  );
  const next = useCallback(
    () => setRun((current) => (current ? stepNext(current, machineItems, Date.now()) : current)),
    [machineItems],
  );

  const current = run ? visibleItems.find((item) => item.key === run.currentKey) : undefined;
  return {
    run,
    current,
    machineItems,
    canGoPrevious: run ? previousKey(run, machineItems) !== undefined : false,
    canGoNext: run ? nextKey(run, machineItems) !== undefined : false,
    start,
    exit,
    previous,
    next,
  };
}
