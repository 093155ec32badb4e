import type { ReactNode } from 'react';
import Plus from '~icons/lucide/plus';
import { Button } from '../../../components/ui/button';
import { notifyError } from '../../../lib/notify-error';
import { SectionEmpty } from './section-shell';
import { type SortableItemControls, SortableList } from './sortable-list';

type Row = { id: string; title: string };
const idOf = (row: Row) => row.id;
const titleOf = (row: Row) => row.title;

export type SectionItemsProps<T extends Row> = {
  /** The list's accessible name: "Habits", "Todos", "Tasks in {goal}". */
  label: string;
  items: readonly T[];
  /** How many are drawn yet, while a long list is drawn in steps (all when undefined). */
  drawn?: number;
  /** Saves a new order; a refusal is said by the toast "Could not save the new order". */
  reorder: (orderedIds: string[]) => Promise<unknown>;
  renderItem: (item: T, controls: SortableItemControls) => ReactNode;
  /** What an empty section says, and its add button ("No habits yet", "Add your first habit"). */
  empty: { text: string; addLabel: string; onAdd: () => void };
};

/**
 * The rows of an All Items section (docs/product.md#all-items-screen): its items in their saved order,
 * reorderable (docs/product.md#reordering), or its empty state with a way to add the first one. The
 * Habits, Todos and goal sections all hold this.
 */
export function SectionItems<T extends Row>({
  label,
  items,
  drawn,
  reorder,
  renderItem,
  empty,
}: SectionItemsProps<T>) {
  if (items.length === 0)
    return (
      <SectionEmpty
        text={empty.text}
        action={
          <Button variant="outline" size="sm" onClick={empty.onAdd}>
            <Plus aria-hidden />
            {empty.addLabel}
          </Button>
        }
      />
    );
  return (
    <SortableList
      label={label}
      items={items}
      drawn={drawn}
      getId={idOf}
      getLabel={titleOf}
      onReorder={(orderedIds) => {
        reorder(orderedIds).catch((error: unknown) => notifyError('Could not save the new order', error));
      }}
      renderItem={renderItem}
    />
  );
}
