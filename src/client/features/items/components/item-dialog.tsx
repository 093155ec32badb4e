import { lazy, Suspense, useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import type { EditableItem, GoalContext, ItemKind } from '../lib/item-kinds';

type Body = typeof import('./item-dialog-body').ItemDialogBody;
let loadedBody: Body | undefined;

/**
 * Fetches the forms (item-dialog-body.tsx), once. Called by the first opening; after it, openings
 * render the forms at once, with no loading frame.
 */
export function preloadItemDialogBody(): Promise<{ default: Body }> {
  return import('./item-dialog-body').then((module) => {
    loadedBody = module.ItemDialogBody;
    return { default: module.ItemDialogBody };
  });
}

const LazyBody = lazy(preloadItemDialogBody);

function ItemDialogBody(props: Parameters<Body>[0]) {
  // Chosen once per opening: switching from the lazy wrapper to the loaded component when it arrives
  // would be another component to React, which would mount the form again from the item's values and
  // lose what the person typed at the next re-render, such as a live update's
  // (docs/decisions/030-edits-and-live-updates.md).
  const [Loaded] = useState(() => loadedBody);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <LazyBody {...props} />
    </Suspense>
  );
}

export type ItemDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  /** Adding with a preset kind hides the Item Type picker. */
  presetType?: ItemKind;
  /** Fixes the dialog to a goal: new tasks join it, the goal select is hidden, a banner says so. */
  goal?: GoalContext;
  /** The item to edit (mode "edit"), as it is now: ItemEditor follows it while the dialog is open. */
  item?: EditableItem;
  /** The item being edited was deleted elsewhere: the dialog stays, says so and cannot save. */
  gone?: boolean;
  /** Initial state of "Add to Today" / "Add all to Today" (the Today screen adds to Today). */
  defaultIsToday?: boolean;
};

/**
 * The shared add/edit dialog (docs/product.md#item-dialog). Its body mounts only while open, so every
 * opening starts from a fresh form.
 */
export function ItemDialog(props: ItemDialogProps) {
  return useOpenedOnce(props.open) ? <OpenedItemDialog {...props} /> : null;
}

function OpenedItemDialog({ open, onOpenChange, ...props }: ItemDialogProps) {
  const editing = props.mode === 'edit' && props.item !== undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Item' : 'Add New Item'}</DialogTitle>
          <DialogDescription>{dialogSubtitle(editing, props.presetType, props.goal)}</DialogDescription>
        </DialogHeader>
        <ItemDialogBody {...props} close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The line under the title says what this opening can add: no goal offered inside a goal. */
function dialogSubtitle(editing: boolean, presetType?: ItemKind, goal?: GoalContext): string {
  if (editing) return 'Change the details and save.';
  if (goal) return 'Add a task to this goal.';
  if (presetType === 'goal') return 'Add a goal: a colour-coded home for its tasks.';
  if (presetType === 'task') return 'Add a task, or several at once.';
  if (presetType === 'habit') return 'Add a habit, or several at once.';
  return 'Add a goal, a task or a habit.';
}
