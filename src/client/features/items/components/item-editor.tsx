import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import { goalsQueryOptions } from '../api/get-goals';
import { habitsQueryOptions } from '../api/get-habits';
import { tasksQueryOptions } from '../api/get-tasks';
import { closeItemEditor, type ItemEditing, useItemEditing } from '../lib/item-editor';
import type { EditableItem } from '../lib/item-kinds';
import { ItemDialog } from './item-dialog';

/**
 * The app's one edit dialog (lib/item-editor.ts), mounted once by the signed-in frame. It follows its
 * item by id in the lists rather than through the card that opened it, so a change or a delete made
 * on another device reaches the open form, which says so and keeps what was typed
 * (docs/product.md#dialog-lifecycle).
 */
export function ItemEditor() {
  const editing = useItemEditing();
  if (!editing) return null;
  return <FollowedItemDialog key={editing.opening} editing={editing} />;
}

function FollowedItemDialog({ editing }: { editing: ItemEditing }) {
  const latest = useLatestItem(editing.item, editing.open);
  return (
    <ItemDialog
      open={editing.open}
      onOpenChange={(open) => {
        if (!open) closeItemEditor();
      }}
      mode="edit"
      item={latest === 'gone' ? editing.item : latest}
      gone={latest === 'gone'}
    />
  );
}

/** The item as its list has it now, 'gone' once the list no longer holds it. */
function useLatestItem(item: EditableItem, open: boolean): EditableItem | 'gone' {
  // Each kind's list, followed only while the dialog is open and only for the kind it edits.
  const goals = useQuery({ ...goalsQueryOptions(true), enabled: open && item.kind === 'goal' });
  const tasks = useQuery({ ...tasksQueryOptions(), enabled: open && item.kind === 'task' });
  const habits = useQuery({ ...habitsQueryOptions(), enabled: open && item.kind === 'habit' });
  const goal = useFollowed(goals, item.kind === 'goal' ? item.goal : undefined);
  const task = useFollowed(tasks, item.kind === 'task' ? item.task : undefined);
  const habit = useFollowed(habits, item.kind === 'habit' ? item.habit : undefined);
  if (goal === 'gone' || task === 'gone' || habit === 'gone') return 'gone';
  if (goal) return { kind: 'goal', goal };
  if (task) return { kind: 'task', task };
  if (habit) return { kind: 'habit', habit };
  return item;
}

/**
 * The row with `opened`'s id in the last list read after the dialog opened; `opened` itself until one
 * is. A list still being read may be older than the card the dialog opened from (a write of this tab
 * or a live update marked it out of date), and reading it would announce a change that never
 * happened; a list whose last read failed (offline) is not taken as news either. TanStack marks a
 * list that will be read on mount as fetching from its first render, so an out-of-date cached list is
 * never taken.
 */
function useFollowed<Row extends Goal | Task | Habit>(
  list: UseQueryResult<Row[]>,
  opened: Row | undefined,
): Row | 'gone' | undefined {
  const fresh = opened && list.isSuccess && !list.isFetching ? rowIn(list.data, opened.id) : undefined;
  const [kept, setKept] = useState<Row | 'gone' | undefined>(opened);
  // Remembered, so that a later read in flight does not bring back the row as it was when opened.
  if (fresh !== undefined && fresh !== kept) setKept(fresh);
  return fresh ?? kept;
}

function rowIn<Row extends { id: string }>(rows: Row[], id: string): Row | 'gone' {
  return rows.find((row) => row.id === id) ?? 'gone';
}
