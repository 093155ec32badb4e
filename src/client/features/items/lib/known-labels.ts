import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { api, queryKeyOf } from '#shared/api/contract';
import type { Task } from '#shared/api/tasks';
import type { Today } from '#shared/api/today';
import type { Upcoming } from '#shared/api/upcoming';
import { labelKey } from '#shared/domain/labels';

/*
 * The person's labels (docs/product.md#item-dialog, docs/decisions/051-labels.md): a label exists while
 * a task carries it, so they are the distinct labels of the tasks this device holds, from whichever
 * list is cached (the tasks list, Today, Upcoming's pages), each task counted once.
 */

type Labelled = Pick<Task, 'id'> & { labels?: readonly string[] };

/** Each label once (its first spelling), the most used first, then in alphabetical order. */
export function labelsByUse(tasks: Iterable<Labelled>): string[] {
  const seen = new Set<string>();
  const uses = new Map<string, { label: string; count: number }>();
  for (const task of tasks) {
    if (seen.has(task.id)) continue;
    seen.add(task.id);
    // A copy saved before tasks had labels has none.
    for (const label of task.labels ?? []) {
      const key = labelKey(label);
      const use = uses.get(key);
      if (use) use.count += 1;
      else uses.set(key, { label, count: 1 });
    }
  }
  return [...uses.values()]
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .map((use) => use.label);
}

/*
 * A key names every read under it: ['api', 'tasks'] holds the task lists and each task's history too
 * (an object), so only the shapes of a list are read.
 */
function* cachedTasks(queryClient: QueryClient): Generator<Labelled> {
  for (const [, tasks] of queryClient.getQueriesData<unknown>({ queryKey: queryKeyOf(api.tasks.list) })) {
    if (Array.isArray(tasks)) yield* tasks as Task[];
  }
  for (const [, today] of queryClient.getQueriesData<Partial<Today>>({
    queryKey: queryKeyOf(api.today.get),
  })) {
    if (Array.isArray(today?.tasks)) yield* today.tasks;
  }
  for (const [, data] of queryClient.getQueriesData<Partial<InfiniteData<Upcoming>>>({
    queryKey: queryKeyOf(api.upcoming.get),
  })) {
    if (!Array.isArray(data?.pages)) continue;
    for (const page of data.pages) {
      yield* page.overdue;
      for (const day of page.days) yield* day.tasks;
    }
  }
}

/** The labels of the tasks this device holds, the most used first. */
export function knownLabels(queryClient: QueryClient): string[] {
  return labelsByUse(cachedTasks(queryClient));
}
