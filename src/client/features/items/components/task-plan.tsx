import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { dayLabel, daySpoken, shortWeekday } from '#shared/domain/day-labels';
import { addDays, type Day, daysBetween, isDay, weekdayOf } from '#shared/domain/days';
import { repeatWords } from '#shared/domain/repeat-words';
import CalendarDays from '~icons/lucide/calendar-days';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { MaskIcon } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';
import { notifyError } from '../../../lib/notify-error';
import { usePersonsDay } from '../../../lib/persons-day';
import { offerUndo } from '../../../lib/undo';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { updateTask, useUpdateTask } from '../api/update-task';
import { nextWeekDay, plannableRange } from '../lib/plan-choices';
import { settle } from '../lib/settle';

/*
 * A task's day and repeat on its card (docs/product.md#cards, docs/product.md#days-in-words): the
 * label under the title, the words in the card's accessible name, and the "Plan for…" menu entry with
 * its day dialog. Kept apart from the card so the card only places them.
 */

/** A task's day and repeat as its card shows them; `done`: completed, so its past day is not overdue. */
export type PlanShown = { plannedFor: Day | null; repeat?: string | null; done?: boolean };

/** What the card's accessible name adds: "Tomorrow", "Overdue since Monday 23 November, Every Monday". */
export function planSpoken({ plannedFor, repeat, done }: PlanShown, today: Day): string | undefined {
  const parts = [
    plannedFor ? daySpoken(plannedFor, today, { done }) : null,
    repeat ? repeatWords(repeat, { today, spoken: true }) : null,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** "Tomorrow", "Fri 28", "Overdue · Mon 23" (in the warning colour), and a repeat's icon and words. */
export function PlanLabel({ plannedFor, repeat, done = false, today }: PlanShown & { today: Day }) {
  const rule = repeat ? repeatWords(repeat, { today }) : null;
  if (!plannedFor && !rule) return null;
  const overdue = plannedFor !== null && !done && daysBetween(today, plannedFor) < 0;
  // The card's accessible name says it whole (planSpoken): read once, not twice.
  return (
    <span aria-hidden className="inline-flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
      {plannedFor && (
        <span
          data-overdue={overdue || undefined}
          className={cn(
            'inline-flex items-center gap-1 font-medium',
            overdue ? 'text-red-700 dark:text-red-400' : 'text-muted-foreground',
          )}
        >
          <MaskIcon icon="calendar" className="size-3" />
          {dayLabel(plannedFor, today, { done })}
        </span>
      )}
      {rule && (
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <MaskIcon icon="repeat" className="size-3" />
          {rule}
        </span>
      )}
    </span>
  );
}

/** How a day reads after "planned for": "today", "tomorrow", "Friday 28 November". */
export function forWords(day: Day, today: Day): string {
  const spoken = daySpoken(day, today);
  return spoken === 'Today' || spoken === 'Tomorrow'
    ? spoken.toLowerCase()
    : spoken.replace('Overdue since ', '');
}

/** Plans `task` for `day` (null: no date), with a toast offering Undo (docs/product.md#undo). */
export function usePlanTask(task: { id: string; title: string; plannedFor: Day | null }, today: Day) {
  const update = useUpdateTask();
  const plan = (day: Day | null) => {
    if (day === task.plannedFor) return;
    const before = task.plannedFor;
    settle(
      update,
      { id: task.id, changes: { plannedFor: day } },
      {
        onSuccess: () =>
          offerUndo({
            message: day
              ? {
                  title: 'Task planned',
                  description: `“${task.title}” is planned for ${forWords(day, today)}.`,
                }
              : { title: 'Date removed', description: `“${task.title}” has no date now.` },
            revert: () => updateTask({ id: task.id, changes: { plannedFor: before } }),
            failure: 'Could not undo',
          }),
        onError: (error) => notifyError('Could not update task', error),
      },
    );
  };
  return { plan, isPending: update.isPending };
}

/** The card menu's "Plan for…" ("Move to…" on Upcoming): opens the day dialog. */
export function PlanMenuItem({ label = 'Plan for…', onOpen }: { label?: string; onOpen: () => void }) {
  return (
    <DropdownMenuItem onSelect={onOpen}>
      <CalendarDays aria-hidden />
      {label}
    </DropdownMenuItem>
  );
}

/** "Fri 28": which day a named choice is, beside its name. */
const weekdayAndDate = (day: Day) => `${shortWeekday(weekdayOf(day))} ${Number(day.slice(8, 10))}`;

/**
 * The day dialog of "Plan for…": Today, Tomorrow, Next week and No date at one press each, or a date
 * from the browser's own date field (docs/decisions/026-planning-screens.md). A dialog rather than a
 * sub-menu: a sub-menu beside a card's menu has no room on a phone and closes under a finger.
 */
export function PlanDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  heading: string;
  title: string;
  plannedFor: Day | null;
  today: Day;
  onPlan: (day: Day | null) => void;
  /** In place of "“{title}”, now {day}." (several tasks at once). */
  description?: ReactNode;
  /** Whether "No date" can be pressed: by default, when the task has a day. */
  canClear?: boolean;
}) {
  return useOpenedOnce(props.open) ? <OpenedPlanDialog {...props} /> : null;
}

function OpenedPlanDialog({
  open,
  onOpenChange,
  heading,
  title,
  plannedFor,
  today,
  onPlan,
  description,
  canClear = plannedFor !== null,
}: Parameters<typeof PlanDialog>[0]) {
  const id = useId();
  const [value, setValue] = useState(plannedFor ?? today);
  const [error, setError] = useState<string | null>(null);
  const { min, max } = plannableRange(today);
  const choose = (day: Day | null) => {
    onPlan(day);
    onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDay(value) || value < min || value > max) {
      setError('Pick a date from 1 January 2000 to ten years ahead');
      return;
    }
    choose(value);
  };
  const tomorrow = addDays(today, 1);
  const nextWeek = nextWeekDay(today);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>
            {description ?? (
              <>
                “<span dir="auto">{title}</span>”
                {plannedFor ? `, now ${planLabelWords(plannedFor, today)}` : ''}.
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="sr-only">Days</legend>
          <Button variant="outline" onClick={() => choose(today)}>
            Today
          </Button>
          <Button variant="outline" onClick={() => choose(tomorrow)}>
            Tomorrow ({weekdayAndDate(tomorrow)})
          </Button>
          <Button variant="outline" onClick={() => choose(nextWeek)}>
            Next week ({weekdayAndDate(nextWeek)})
          </Button>
          <Button variant="outline" disabled={!canClear} onClick={() => choose(null)}>
            No date
          </Button>
        </fieldset>
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-date`}>Or pick a date</Label>
            <Input
              id={`${id}-date`}
              type="date"
              min={min}
              max={max}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
            <FieldError fieldId={id} error={error} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Plan</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "tomorrow", "Fri 28", "overdue since Mon 23" after "now". */
function planLabelWords(day: Day, today: Day): string {
  const label = dayLabel(day, today);
  return label === 'Today' || label === 'Tomorrow'
    ? label.toLowerCase()
    : label.replace('Overdue · ', 'overdue since ');
}

/**
 * Everything a task card shows of its plan, in one call so the card only places the parts: the label
 * under the title, the words its accessible name adds, the "Plan for…" menu and its date dialog.
 */
export function useTaskPlanParts(
  task: {
    id: string;
    title: string;
    plannedFor: Day | null;
    repeat?: string | null;
    /** A completed task: its past day reads as a date, not "Overdue". */
    completed?: boolean;
  },
  menuLabel?: string,
  dayInHeading = false,
) {
  const today = usePersonsDay();
  const { plan } = usePlanTask(task, today);
  const [picking, setPicking] = useState(false);
  // Under a day's heading a repeating task shows on each of its days, and its own day (the next one
  // due) would read "Mon 30" under "Wednesday 2 December": the heading says the day instead.
  const shown = {
    plannedFor: dayInHeading ? null : task.plannedFor,
    repeat: task.repeat ?? null,
    done: task.completed ?? false,
  };
  const hasLabel = Boolean(shown.plannedFor || (shown.repeat && repeatWords(shown.repeat)));
  return {
    label: hasLabel ? <PlanLabel {...shown} today={today} /> : null,
    spoken: planSpoken(shown, today),
    menu: <PlanMenuItem label={menuLabel} onOpen={() => setPicking(true)} />,
    dialog: (
      <PlanDialog
        open={picking}
        onOpenChange={setPicking}
        heading={(menuLabel ?? 'Plan for…').replace('…', '')}
        title={task.title}
        plannedFor={task.plannedFor}
        today={today}
        onPlan={plan}
      />
    ),
  };
}

/** A habit's schedule in words: its rule ("Every Mon, Wed, Fri"), "3 times a week", or nothing (every day). */
export function habitScheduleWords(
  habit: { repeat: string | null; timesPerWeek: number | null },
  spoken = false,
): string | undefined {
  if (habit.timesPerWeek !== null)
    return habit.timesPerWeek === 1 ? 'Once a week' : `${habit.timesPerWeek} times a week`;
  return habit.repeat ? (repeatWords(habit.repeat, { spoken }) ?? undefined) : undefined;
}

/** The habit card's schedule line: the repeat mark and the words, hidden from assistive technology. */
export function HabitScheduleLabel({ words }: { words: string }) {
  return (
    <span aria-hidden className="inline-flex items-center gap-1 text-muted-foreground text-xs">
      <MaskIcon icon="repeat" className="size-3" />
      {words}
    </span>
  );
}
