import { api } from '#shared/api/contract';
import { callApi } from './api-client';

/*
 * Taking tasks and habits off Today many at once (Clear Today), and the Undo that puts each back where
 * it was, for Clear Today and the selection's "Remove from Today" (docs/product.md#undo). One PATCH
 * per item (docs/product.md#call-conventions).
 */

/** A task or habit as far as its place on Today goes. */
export type OnToday = { kind: 'task' | 'habit'; id: string; todaySortOrder: number };

/** Sets Today membership (and the place on Today) of one task or habit. */
const setOnToday = (
  item: Pick<OnToday, 'kind' | 'id'>,
  body: { isToday: boolean; todaySortOrder?: number },
) => callApi(item.kind === 'task' ? api.tasks.update : api.habits.update, { params: { id: item.id }, body });

/** Takes each item off Today. */
export async function takeOffToday(items: readonly OnToday[]): Promise<void> {
  await Promise.all(items.map((item) => setOnToday(item, { isToday: false })));
}

/** Undo of taking items off Today: each back on Today at the position it had. */
export async function putBackOnToday(items: readonly OnToday[]): Promise<void> {
  await Promise.all(
    items.map((item) => setOnToday(item, { isToday: true, todaySortOrder: item.todaySortOrder })),
  );
}
