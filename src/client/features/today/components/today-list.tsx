import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { type TodayItem, todayItemTitle } from '../lib/today-items';

/** SPEC §9: a touch drag starts after a 120 ms long-press, a mouse drag after 5 px of movement. */
export const TOUCH_DRAG_DELAY_MS = 120;
export const TOUCH_DRAG_TOLERANCE_PX = 5;
export const MOUSE_DRAG_DISTANCE_PX = 5;
/** SPEC §9: auto-scroll near the edges moves at most 28 px per step (one step per frame). */
export const AUTO_SCROLL_MAX_PX = 28;
const AUTO_SCROLL_INTERVAL_MS = 16;

/** What a card needs to become draggable by its handle and movable by buttons. */
export type TodayRowControls = {
  handle: {
    ref: (element: HTMLElement | null) => void;
    attributes: DraggableAttributes;
    listeners: DraggableSyntheticListeners;
  };
  isDragging: boolean;
  /** Undefined at the top (or bottom) of the visible list. */
  moveUp: (() => void) | undefined;
  moveDown: (() => void) | undefined;
};

function SortableRow({
  item,
  controls,
  children,
}: {
  item: TodayItem;
  controls: Omit<TodayRowControls, 'handle' | 'isDragging'>;
  children: (controls: TodayRowControls) => ReactNode;
}) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: item.key });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative list-none', isDragging && 'z-10 opacity-90 drop-shadow-lg')}
    >
      {children({ ...controls, handle: { ref: setActivatorNodeRef, attributes, listeners }, isDragging })}
    </li>
  );
}

export function TodayList({
  items,
  onMove,
  renderItem,
}: {
  /** The visible (filtered) list, in Today order. */
  items: readonly TodayItem[];
  /** Put `activeKey` where `overKey` is now. */
  onMove: (activeKey: string, overKey: string) => void;
  renderItem: (item: TodayItem, controls: TodayRowControls) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DRAG_DISTANCE_PX } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: TOUCH_DRAG_TOLERANCE_PX },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (key: string | number) => {
    const item = items.find((entry) => entry.key === key);
    return item ? todayItemTitle(item) : 'item';
  };
  const positionOf = (key: string | number) => items.findIndex((entry) => entry.key === key) + 1;
  // Spoken during keyboard and pointer drags; the default announces internal ids.
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} moved to position ${positionOf(over.id)} of ${items.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.`
        : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      autoScroll={{ acceleration: AUTO_SCROLL_MAX_PX, interval: AUTO_SCROLL_INTERVAL_MS }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press space or enter to pick the item up, use the up and down arrow keys to move it, then press space or enter to drop it, or escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ul className="flex flex-col gap-2" aria-label="Today items">
          {items.map((item, index) => {
            const above = items[index - 1];
            const below = items[index + 1];
            return (
              <SortableRow
                key={item.key}
                item={item}
                controls={{
                  moveUp: above ? () => onMove(item.key, above.key) : undefined,
                  moveDown: below ? () => onMove(item.key, below.key) : undefined,
                }}
              >
                {(controls) => renderItem(item, controls)}
              </SortableRow>
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
