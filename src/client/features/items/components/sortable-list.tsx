import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  type Modifier,
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
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { moveItem } from '#shared/domain/ordering';
import { cn } from '../../../lib/cn';
import { holdLiveUpdates } from '../../../lib/live-updates';

/** Drag constants (docs/product.md#reordering). */
export const TOUCH_LONG_PRESS_MS = 120;
export const MOUSE_DRAG_DISTANCE_PX = 5;
/** Auto-scroll near the edges moves at most this many pixels per step (one step per frame). */
export const AUTO_SCROLL_MAX_STEP_PX = 28;
const AUTO_SCROLL_INTERVAL_MS = 16;

/** What a card spreads on its drag handle (dnd-kit's activator: pointer, touch and keyboard). */
export type DragHandleProps = {
  ref: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

export type SortableItemControls = {
  dragHandle: DragHandleProps;
  /** Single-pointer alternatives to dragging (WCAG 2.2 SC 2.5.7); undefined at the ends of the list. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  isDragging: boolean;
};

export type SortableListProps<T> = {
  items: readonly T[];
  getId: (item: T) => string;
  /** Spoken in the drag announcements, so screen readers hear titles rather than ids. */
  getLabel: (item: T) => string;
  /** The ids in their new order. The caller saves it (optimistically) and refetches. */
  onReorder: (orderedIds: string[]) => void;
  renderItem: (item: T, controls: SortableItemControls) => ReactNode;
  /**
   * Draw only the first `drawn` rows, while a long screen is drawn in steps (lib/use-drawn-in-steps.ts);
   * all of them when undefined. Moves are still counted in the whole list: the rows not drawn yet come
   * after the drawn ones, so a drawn row's place is the same in both.
   */
  drawn?: number;
  /** Accessible name of the list. */
  label: string;
  className?: string;
};

/** Items only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });
const modifiers = [verticalOnly];
const mouseOptions = { activationConstraint: { distance: MOUSE_DRAG_DISTANCE_PX } };
const touchOptions = { activationConstraint: { delay: TOUCH_LONG_PRESS_MS, tolerance: 5 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };
const autoScroll = { acceleration: AUTO_SCROLL_MAX_STEP_PX, interval: AUTO_SCROLL_INTERVAL_MS };

/**
 * A vertical list reorderable by drag (long-press on touch, a short move with a mouse), by keyboard
 * on the drag handle (Space to lift, arrows to move, Space to drop, Escape to cancel) and by the
 * move up / move down controls. The new order shows at once, without waiting for the server.
 */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  onReorder,
  renderItem,
  drawn,
  label,
  className,
}: SortableListProps<T>) {
  // Options kept constant, so the sensors, and with them each row's drag listeners, stay the same
  // object from one drawing to the next.
  const sensors = useSensors(
    useSensor(MouseSensor, mouseOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  // The order just dropped, kept until the caller's data changes, so the item never jumps back
  // to its old place while the save is in flight.
  const [dropped, setDropped] = useState<{ source: readonly T[]; ids: string[] } | null>(null);
  const ordered = useMemo(() => {
    if (!dropped || dropped.source !== items) return items;
    const byId = new Map(items.map((item) => [getId(item), item]));
    return dropped.ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  }, [dropped, items, getId]);
  const ids = useMemo(() => ordered.map(getId), [ordered, getId]);
  // dnd-kit is told only of the rows on screen: a row it cannot measure is no place to drop.
  const drawnIds = useMemo(() => (drawn === undefined ? ids : ids.slice(0, drawn)), [ids, drawn]);
  // Changes from other devices wait until the drag ends (lib/live-updates.ts).
  const releaseLive = useRef<(() => void) | null>(null);
  useEffect(() => () => releaseLive.current?.(), []);

  const commit = (from: number, to: number) => {
    if (from === to || from < 0 || to < 0 || to >= ids.length) return;
    const next = moveItem(ids, from, to);
    setDropped({ source: items, ids: next });
    onReorder(next);
  };

  // The move-up and move-down controls read the current order when used, so that a row's controls
  // stay the same function while its place does not change, and a card drawn once is not drawn again
  // (docs/decisions/010-first-load-weight.md, "Cards drawn once").
  const latest = useRef({ ids, commit });
  // Updated once this drawing is on screen: a drawing React throws away must not change what a
  // press on the screen moves.
  useLayoutEffect(() => {
    latest.current = { ids, commit };
  });
  const move = useCallback((id: string, by: -1 | 1) => {
    const from = latest.current.ids.indexOf(id);
    latest.current.commit(from, from + by);
  }, []);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    commit(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const labelOf = (id: string | number) => {
    const item = ordered.find((candidate) => getId(candidate) === String(id));
    return item ? getLabel(item) : 'item';
  };
  const positionOf = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(active.id)}. Position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${labelOf(active.id)} moved to position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${labelOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${labelOf(active.id)} returned to its place.`,
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={modifiers}
      autoScroll={autoScroll}
      accessibility={{ announcements }}
      onDragStart={() => {
        releaseLive.current?.();
        releaseLive.current = holdLiveUpdates();
      }}
      onDragEnd={(event) => {
        releaseLive.current?.();
        onDragEnd(event);
      }}
      onDragCancel={() => releaseLive.current?.()}
    >
      <SortableContext items={drawnIds} strategy={verticalListSortingStrategy}>
        <ul aria-label={label} className={cn('flex flex-col divide-y divide-border/60', className)}>
          {ordered.slice(0, drawnIds.length).map((item, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index]!}
              item={item}
              first={index === 0}
              last={index === ids.length - 1}
              move={move}
              renderItem={renderItem}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

type SortableRowProps<T> = {
  id: string;
  item: T;
  first: boolean;
  last: boolean;
  move: (id: string, by: -1 | 1) => void;
  renderItem: (item: T, controls: SortableItemControls) => ReactNode;
};

/**
 * One row. Its controls keep their identity between drawings, so a card that compares its props
 * (TaskCard, HabitCard) is not drawn again when only the list around it changed: dnd-kit draws every
 * row again once the rows have registered, and again at each drag.
 */
function SortableRow<T>({ id, item, first, last, move, renderItem }: SortableRowProps<T>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const dragHandle = useMemo(
    () => ({ ref: setActivatorNodeRef, attributes, listeners }),
    [setActivatorNodeRef, attributes, listeners],
  );
  const onMoveUp = useMemo(() => (first ? undefined : () => move(id, -1)), [first, move, id]);
  const onMoveDown = useMemo(() => (last ? undefined : () => move(id, 1)), [last, move, id]);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('relative', isDragging && 'z-10')}
    >
      {renderItem(item, { dragHandle, isDragging, onMoveUp, onMoveDown })}
    </li>
  );
}
