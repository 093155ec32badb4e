import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { buildSearchIndex, type SearchEntry } from '#shared/domain/search';
import {
  type EditableItem,
  editItem,
  goalsQueryOptions,
  habitsQueryOptions,
  tasksQueryOptions,
} from '../../features/items';
import { SearchDialog } from '../../features/search';

/**
 * Search composed with the items feature (loaded on first use, docs/decisions/010-first-load-weight.md):
 * it reads the lists All Items loads, from the cache (kept offline), asks again only for a list never
 * loaded, and opens a picked item in its edit dialog (docs/product.md#search).
 */
export function SearchLayer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Whatever the cache holds is fresh enough: live updates and every write already refetch the lists.
  const goals = useQuery({ ...goalsQueryOptions(false), staleTime: Number.POSITIVE_INFINITY }).data;
  const tasks = useQuery({ ...tasksQueryOptions(), staleTime: Number.POSITIVE_INFINITY }).data;
  const habits = useQuery({ ...habitsQueryOptions(), staleTime: Number.POSITIVE_INFINITY }).data;
  const index = useMemo(
    () =>
      buildSearchIndex([
        ...(goals ?? []).map((goal) => ({
          kind: 'goal' as const,
          id: goal.id,
          title: goal.title,
          description: goal.description,
        })),
        ...(tasks ?? []).map((task) => ({
          kind: 'task' as const,
          id: task.id,
          title: task.title,
          description: task.description,
          // A copy saved before tasks had checklists has none.
          checklist: task.checklist?.map((item) => item.title),
          labels: task.labels,
        })),
        ...(habits ?? []).map((habit) => ({
          kind: 'habit' as const,
          id: habit.id,
          title: habit.title,
          description: habit.description,
        })),
      ]),
    [goals, tasks, habits],
  );

  const [picked, setPicked] = useState<SearchEntry | null>(null);

  const itemOf = (entry: SearchEntry): EditableItem | undefined => {
    if (entry.kind === 'goal') {
      const goal = goals?.find((each) => each.id === entry.id);
      return goal && { kind: 'goal', goal };
    }
    if (entry.kind === 'task') {
      const task = tasks?.find((each) => each.id === entry.id);
      return task && { kind: 'task', task };
    }
    const habit = habits?.find((each) => each.id === entry.id);
    return habit && { kind: 'habit', habit };
  };

  return (
    <SearchDialog
      open={open}
      onOpenChange={onOpenChange}
      index={index}
      onPick={(entry) => {
        setPicked(entry);
        onOpenChange(false);
      }}
      onClosed={() => {
        // Opened once search has given focus back to its opener, so Edit gives it back there too.
        const item = picked && itemOf(picked);
        setPicked(null);
        if (item) editItem(item);
      }}
    />
  );
}
