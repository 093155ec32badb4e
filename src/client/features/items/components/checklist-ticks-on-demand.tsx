import type { Task } from '#shared/api/tasks';
import { chunkOnce } from '../../../lib/chunk-once';
import { notifyError } from '../../../lib/notify-error';
import { useChunk } from '../../../lib/use-chunk';

/*
 * Execution Mode's checklist (checklist-ticks.tsx) comes with the first task that has one there, not
 * with the Today screen: few runs need it, and Today's first load is watched
 * (docs/decisions/010-first-load-weight.md). Starting a run asks for it beforehand
 * (preloadChecklistTicks), so it is usually there when the task is.
 */
const ticks = chunkOnce(() => import('./checklist-ticks'));

export const preloadChecklistTicks = () => {
  ticks.load().catch(() => {
    // Asked for again when a task with a checklist is drawn, which says so if it still cannot load.
  });
};

const notShown = (error: unknown) => notifyError('Could not show the checklist', error);

export function ChecklistTicksOnDemand({ task }: { task: Task }) {
  const wanted = (task.checklist ?? []).length > 0;
  const loaded = useChunk(ticks, wanted, notShown);
  return wanted && loaded ? <loaded.ChecklistTicks task={task} /> : null;
}
