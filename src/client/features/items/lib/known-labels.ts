import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { api, queryKeyOf } from '#shared/api/contract';
import type { Task } from '#shared/api/tasks';
import type { Today } from '#shared/api/today';
import type { Upcoming } from '#shared/api/upcoming';
import { labelUses } from '#shared/domain/labels';

/*
 * The person's labels (docs/product.md#item-dialog, docs/decisions/051-labels.md): a label exists while
 * a task carries it, so they are the distinct labels of the tasks this device holds, from whichever
 * list is cached (the tasks list, Today, Upcoming's pages), each task counted once.
 */

type Labelled = Pick<Task, 'id'> & { labels?: readonly string[] };

/**
 * Each label once, spelled and counted by the rule the server's list uses (labelUses), the most used
 * first, then by name; a task held by two lists counts once.
 */
export function labelsByUse(tasks: Iterable<Labelled>): string[] {
  const byId = new Map<string, readonly string[]>();
  // A copy saved before tasks had labels has none.
  for (const task of tasks) if (!byId.has(task.id)) byId.set(task.id, task.labels ?? []);
  return labelUses(byId.values())
    .sort((a, b) => b.tasks - a.tasks)
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
