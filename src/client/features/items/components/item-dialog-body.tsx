import { useEffect, useRef, useState } from 'react';
import Target from '~icons/lucide/target';
import { focusAtEnd } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { DEFAULT_ITEM_KIND, type ItemKind } from '../lib/item-kinds';
import { BulkItemForm } from './bulk-item-form';
import type { ItemDialogProps } from './item-dialog';
import { ItemTypePicker } from './item-type-picker';
import { SingleItemForm } from './single-item-form';

/**
 * The item dialog's forms (docs/product.md#item-dialog), in a chunk of their own: the form library
 * and the input rules (zod) load when a dialog first opens, not with the screens
 * (docs/decisions/010-first-load-weight.md).
 */
export function ItemDialogBody({
  mode,
  presetType,
  goal,
  item,
  gone,
  defaultIsToday = false,
  close,
}: Omit<ItemDialogProps, 'open' | 'onOpenChange'> & { close: () => void }) {
  const editing = mode === 'edit' && item !== undefined;
  // A goal context only makes sense for tasks, so it presets the kind when no kind is given.
  const fixedKind: ItemKind | undefined = editing ? item.kind : (presetType ?? (goal ? 'task' : undefined));
  const [chosenKind, setChosenKind] = useState<ItemKind>(DEFAULT_ITEM_KIND);
  const [tab, setTab] = useState<'single' | 'bulk'>('single');
  const kind = fixedKind ?? chosenKind;
  const root = useRef<HTMLDivElement>(null);
  // The dialog opens on the Title (data-autofocus, components/ui/dialog.tsx). On the first opening of
  // a visit these forms arrive after the dialog has opened and put focus on its Close button: move it.
  useEffect(() => {
    const dialog = root.current?.closest('[role="dialog"]');
    const active = document.activeElement;
    if (!dialog || !active || !dialog.contains(active) || root.current?.contains(active)) return;
    const title = root.current?.querySelector<HTMLElement>('[data-autofocus]');
    if (title) focusAtEnd(title);
  }, []);
  const goalContext = kind === 'task' && !editing ? goal : undefined;

  const single = (
    <SingleItemForm
      kind={kind}
      item={editing ? item : undefined}
      gone={gone}
      goalContext={goalContext}
      defaultIsToday={defaultIsToday}
      onDone={close}
      onCancel={close}
    />
  );

  return (
    <div ref={root} className="flex flex-col gap-4">
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
