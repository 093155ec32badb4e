import type { QueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { appendedSortOrders } from '#shared/domain/ordering';
import { callQueryOptions } from '../../../lib/call-query';
import { habitsQueryOptions } from './get-habits';
import { tasksQueryOptions } from './get-tasks';

/**
 * Positions for a bulk add (docs/product.md#dialog-lifecycle, docs/product.md#positions): sortOrder
 * after the list's current maximum, and, when they go on Today, todaySortOrder after the Today list's
 * current maximum. Read fresh from the server (staleTime 0) so a list changed in another tab does not
 * produce clashing positions.
 */
export async function bulkPositions(
  queryClient: QueryClient,
  kind: 'task' | 'habit',
  count: number,
  addToToday: boolean,
): Promise<{ sortOrders: number[]; todaySortOrders: Array<number | undefined> }> {
  const list =
    kind === 'task'
      ? await queryClient.fetchQuery({ ...tasksQueryOptions(), staleTime: 0 })
      : await queryClient.fetchQuery({ ...habitsQueryOptions(), staleTime: 0 });
  const sortOrders = appendedSortOrders(
    list.map((item) => item.sortOrder),
    count,
  );
  if (!addToToday) return { sortOrders, todaySortOrders: sortOrders.map(() => undefined) };
  const today = await queryClient.fetchQuery({ ...callQueryOptions(api.today.get), staleTime: 0 });
  const todaySortOrders = appendedSortOrders(
    [...today.tasks, ...today.habits].map((item) => item.todaySortOrder),
    count,
  );
  return { sortOrders, todaySortOrders };
}
