import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { Habit } from '#shared/api/habits';
import { daySpoken } from '#shared/domain/day-labels';
import type { Day } from '#shared/domain/days';
import { cn } from '../../../lib/cn';
import { holdLiveUpdates } from '../../../lib/live-updates';
import type { UpcomingTask } from '../api/get-upcoming';
import { dayKeyboardCoordinates } from '../lib/day-keyboard';

/** Drag constants, the same as every list's (docs/product.md#reordering). */
const mouseOptions = { activationConstraint: { distance: 5 } };
const touchOptions = { activationConstraint: { delay: 120, tolerance: 5 } };
const keyboardOptions = { coordinateGetter: dayKeyboardCoordinates };
const autoScroll = { acceleration: 28, interval: 16 };

/** What a card spreads on its drag handle (the same shape as the sortable lists' handles). */
export type DayDragHandle = {
  ref: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

/** A group of the Upcoming list: the overdue tasks (no day to drop on), or one day. */
export type UpcomingGroup = {
  key: string;
  /** The day tasks dropped here are planned for; null for Overdue. */
  day: Day | null;
  heading: string;
  tasks: readonly UpcomingTask[];
  habits: readonly Habit[];
};

export type UpcomingDaysProps = {
  groups: readonly UpcomingGroup[];
  today: Day;
  onMove: (task: UpcomingTask, from: Day | null, to: Day) => void;
  /** `day`: the day whose heading the card is under, or null under "Overdue". */
  renderTask: (task: UpcomingTask, handle: DayDragHandle, isDragging: boolean, day: Day | null) => ReactNode;
  /** Drawn beside a group's heading ("Plan all for today" beside "Overdue"); `headingId` names it. */
  headingAction?: (group: UpcomingGroup, headingId: string) => ReactNode;
};

/** The pointer's day first (a finger over a day), else the day the card overlaps most. */
const dayUnderPointer: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

const dragId = (groupKey: string, taskId: string) => `${groupKey}|${taskId}`;

/**
 * The Upcoming days (docs/product.md#upcoming-screen): each day a place to drop a task on, by mouse,
 * touch (a long press on the grip) or keyboard (Space lifts, the arrows move a day at a time, Space
 * drops, Escape cancels), with what happens said for screen readers in days, not positions.
 */
export function UpcomingDays({ groups, today, onMove, renderTask, headingAction }: UpcomingDaysProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, mouseOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const releaseLive = useRef<(() => void) | null>(null);
  useEffect(() => () => releaseLive.current?.(), []);

  const byDragId = useMemo(() => {
    const map = new Map<string, { task: UpcomingTask; from: Day | null }>();
    for (const group of groups)
      for (const task of group.tasks) map.set(dragId(group.key, task.id), { task, from: group.day });
    return map;
  }, [groups]);
  const titleOf = (id: string | number) => byDragId.get(String(id))?.task.title ?? 'task';
  // "tomorrow", "Saturday 28 November": a day as it reads inside a sentence.
  const dayWords = (id: string | number | undefined) => {
    if (id === undefined) return '';
    const words = daySpoken(String(id), today).replace('Overdue since ', '');
    return words === 'Today' || words === 'Tomorrow' ? words.toLowerCase() : words;
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const from = byDragId.get(String(active.id))?.from;
      return `Picked up ${titleOf(active.id)}${from ? `, planned for ${dayWords(from)}` : ', overdue'}. Use the arrow keys to choose a day.`;
    },
    // Said only on reaching another day: at the lift the task is over its own, which the lift said.
    onDragOver: ({ active, over }) => {
      if (over && over.id === byDragId.get(String(active.id))?.from) return undefined;
      return over
        ? `${titleOf(active.id)} is over ${dayWords(over.id)}.`
        : `${titleOf(active.id)} is over no day.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} moved to ${dayWords(over.id)}.` : `${titleOf(active.id)} was not moved.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled. It stays where it was.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    releaseLive.current?.();
    const dragged = byDragId.get(String(active.id));
    if (!dragged || !over) return;
    const to = String(over.id);
    if (to !== dragged.from) onMove(dragged.task, dragged.from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={dayUnderPointer}
      autoScroll={autoScroll}
      accessibility={{ announcements }}
      onDragStart={() => {
        releaseLive.current?.();
        releaseLive.current = holdLiveUpdates();
      }}
      onDragEnd={onDragEnd}
      onDragCancel={() => releaseLive.current?.()}
    >
      <div className="flex flex-col gap-4">
        {groups.map((group) => (
          <DayGroup key={group.key} group={group} renderTask={renderTask} headingAction={headingAction} />
        ))}
      </div>
    </DndContext>
  );
}

function DayGroup({
  group,
  renderTask,
  headingAction,
}: {
  group: UpcomingGroup;
  renderTask: UpcomingDaysProps['renderTask'];
  headingAction: UpcomingDaysProps['headingAction'];
}) {
  const { setNodeRef, isOver } = useDroppable({ id: group.day ?? group.key, disabled: group.day === null });
  const headingId = `upcoming-${group.key}`;
  const empty = group.tasks.length === 0 && group.habits.length === 0;
  const action = headingAction?.(group, headingId);
  const heading = (
    <h2
      id={headingId}
      className={cn(
        'px-1 font-semibold text-sm',
        group.day === null ? 'text-red-700 dark:text-red-400' : 'text-foreground',
      )}
    >
      {group.heading}
    </h2>
  );
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-day={group.day ?? undefined}
      className={cn(
        'flex flex-col gap-1.5 rounded-xl transition-colors',
        isOver && 'bg-accent/60 ring-2 ring-ring',
      )}
    >
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {group.tasks.length > 0 && (
        <ul
          aria-label={`Tasks, ${group.heading}`}
          className="flex flex-col divide-y divide-border/60 rounded-xl border border-border bg-card px-1 shadow-xs"
        >
          {group.tasks.map((task) => (
            <DraggableTask
              key={task.id}
              id={dragId(group.key, task.id)}
              task={task}
              day={group.day}
              renderTask={renderTask}
            />
          ))}
        </ul>
      )}
      {group.habits.length > 0 && (
        // Habits are ticked on Today, on their day; here they only say what the day holds.
        <ul aria-label={`Habits, ${group.heading}`} className="flex flex-wrap gap-1.5 px-1">
          {group.habits.map((habit) => (
            <li
              key={habit.id}
              className="inline-flex min-h-7 items-center gap-1.5 rounded-full bg-purple-50 px-2.5 text-purple-900 text-xs dark:bg-purple-500/15 dark:text-purple-200"
            >
              <span aria-hidden className="size-1.5 rounded-full bg-purple-500" />
              <span dir="auto">{habit.title}</span>
            </li>
          ))}
        </ul>
      )}
      {empty && (
        <p className="rounded-xl border border-border border-dashed px-3 py-3 text-muted-foreground text-sm">
          Nothing planned
        </p>
      )}
    </section>
  );
}

function DraggableTask({
  id,
  task,
  day,
  renderTask,
}: {
  id: string;
  task: UpcomingTask;
  day: Day | null;
  renderTask: UpcomingDaysProps['renderTask'];
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id,
  });
  const handle = useMemo(
    () => ({ ref: setActivatorNodeRef, attributes, listeners }),
    [setActivatorNodeRef, attributes, listeners],
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn('relative', isDragging && 'z-20')}
    >
      {renderTask(task, handle, isDragging, day)}
    </li>
  );
}
