import Target from 'lucide-react/icons/target';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { DEFAULT_ITEM_KIND, type EditableItem, type GoalContext, type ItemKind } from '../lib/item-kinds';
import { BulkItemForm } from './bulk-item-form';
import { ItemTypePicker } from './item-type-picker';
import { SingleItemForm } from './single-item-form';

export type ItemDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  /** Adding with a preset kind hides the Item Type picker. */
  presetType?: ItemKind;
  /** Fixes the dialog to a goal: new tasks join it, the goal select is hidden, a banner says so. */
  goal?: GoalContext;
  /** The item to edit (mode "edit"). */
  item?: EditableItem;
  /** Initial state of "Add to Today" / "Add all to Today" (the Today screen adds to Today). */
  defaultIsToday?: boolean;
};

/**
 * The shared add/edit dialog (docs/product.md#item-dialog). Its body mounts only while open, so every
 * opening starts from a fresh form.
 */
export function ItemDialog({ open, onOpenChange, ...props }: ItemDialogProps) {
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

function ItemDialogBody({
  mode,
  presetType,
  goal,
  item,
  defaultIsToday = false,
  close,
}: Omit<ItemDialogProps, 'open' | 'onOpenChange'> & { close: () => void }) {
  const editing = mode === 'edit' && item !== undefined;
  // A goal context only makes sense for tasks, so it presets the kind when no kind is given.
  const fixedKind: ItemKind | undefined = editing ? item.kind : (presetType ?? (goal ? 'task' : undefined));
  const [chosenKind, setChosenKind] = useState<ItemKind>(DEFAULT_ITEM_KIND);
  const [tab, setTab] = useState<'single' | 'bulk'>('single');
  const kind = fixedKind ?? chosenKind;
  const goalContext = kind === 'task' && !editing ? goal : undefined;

  const single = (
    <SingleItemForm
      kind={kind}
      item={editing ? item : undefined}
      goalContext={goalContext}
      defaultIsToday={defaultIsToday}
      onDone={close}
      onCancel={close}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      {fixedKind === undefined && <ItemTypePicker value={chosenKind} onChange={setChosenKind} />}
      {goalContext && (
        <p className="flex items-center gap-2 rounded-xl border border-border bg-muted px-3 py-2 text-sm">
          <Target className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 truncate">
            Adding to goal: <span className="font-semibold">{goalContext.title}</span>
          </span>
        </p>
      )}
      {editing || kind === 'goal' ? (
        single
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value === 'bulk' ? 'bulk' : 'single')}>
          <TabsList aria-label="How many to add">
            <TabsTrigger value="single">Single</TabsTrigger>
            <TabsTrigger value="bulk">Bulk</TabsTrigger>
          </TabsList>
          <TabsContent value="single" className="mt-4">
            {single}
          </TabsContent>
          <TabsContent value="bulk" className="mt-4">
            <BulkItemForm
              kind={kind}
              goalContext={goalContext}
              defaultIsToday={defaultIsToday}
              onDone={() => {
                // After a bulk create the tab returns to single before the dialog closes
                // (docs/product.md#dialog-lifecycle).
                setTab('single');
                close();
              }}
              onCancel={close}
            />
          </TabsContent>
        </Tabs>
      )}
    </div>
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
