import CalendarDays from 'lucide-react/icons/calendar-days';
import { type FormEvent, useId, useState } from 'react';
import { dayLabel, daySpoken } from '#shared/domain/day-labels';
import { addDays, type Day, daysBetween, isDay } from '#shared/domain/days';
import { repeatWords } from '#shared/domain/repeat-words';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import {
  DropdownMenuItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '../../../components/ui/dropdown-menu';
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
 * label under the title, the words in the card's accessible name, and the "Plan for…" menu with its
 * date dialog. Kept apart from the card so the card only places them.
 */

export type PlanShown = { plannedFor: Day | null; repeat?: string | null };

/** What the card's accessible name adds: "Tomorrow", "Overdue since Monday 23 November, Every Monday". */
export function planSpoken({ plannedFor, repeat }: PlanShown, today: Day): string | undefined {
  const parts = [
    plannedFor ? daySpoken(plannedFor, today) : null,
    repeat ? repeatWords(repeat, { today, spoken: true }) : null,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** "Tomorrow", "Fri 28", "Overdue · Mon 23" (in the warning colour), and a repeat's icon and words. */
export function PlanLabel({ plannedFor, repeat, today }: PlanShown & { today: Day }) {
  const rule = repeat ? repeatWords(repeat, { today }) : null;
  if (!plannedFor && !rule) return null;
  const overdue = plannedFor !== null && daysBetween(today, plannedFor) < 0;
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
          {dayLabel(plannedFor, today)}
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
function forWords(day: Day, today: Day): string {
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

/** The card menu's "Plan for…": Today, Tomorrow, Next week, Pick a date…, No date. */
export function PlanMenu({
  label = 'Plan for…',
  today,
  plannedFor,
  onPlan,
  onPickDate,
}: {
  label?: string;
  today: Day;
  plannedFor: Day | null;
  onPlan: (day: Day | null) => void;
  onPickDate: () => void;
}) {
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <CalendarDays aria-hidden />
        {label}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        <DropdownMenuItem onSelect={() => onPlan(today)}>Today</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onPlan(addDays(today, 1))}>Tomorrow</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onPlan(nextWeekDay(today))}>Next week</DropdownMenuItem>
        <DropdownMenuItem onSelect={onPickDate}>Pick a date…</DropdownMenuItem>
        <DropdownMenuItem disabled={plannedFor === null} onSelect={() => onPlan(null)}>
          No date
        </DropdownMenuItem>
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}

/** "Pick a date…": a small dialog with the browser's date field, labelled "Date". */
export function PlanDateDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  plannedFor: Day | null;
  today: Day;
  onPlan: (day: Day) => void;
}) {
  return useOpenedOnce(props.open) ? <OpenedPlanDateDialog {...props} /> : null;
}

function OpenedPlanDateDialog({
  open,
  onOpenChange,
  title,
  plannedFor,
  today,
  onPlan,
}: Parameters<typeof PlanDateDialog>[0]) {
  const id = useId();
  const [value, setValue] = useState(plannedFor ?? today);
  const [error, setError] = useState<string | null>(null);
  const { min, max } = plannableRange(today);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDay(value) || value < min || value > max) {
      setError('Pick a date from 1 January 2000 to ten years ahead');
      return;
    }
    onPlan(value);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Plan for a date</DialogTitle>
          <DialogDescription>
            The day for “<span dir="auto">{title}</span>”.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-date`}>Date</Label>
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
            {error && (
              <p id={`${id}-error`} role="alert" className="font-medium text-destructive text-sm">
                {error}
              </p>
            )}
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
  },
  menuLabel?: string,
) {
  const today = usePersonsDay();
  const { plan } = usePlanTask(task, today);
  const [picking, setPicking] = useState(false);
  const shown = { plannedFor: task.plannedFor, repeat: task.repeat ?? null };
  const hasLabel = Boolean(task.plannedFor || (task.repeat && repeatWords(task.repeat)));
  return {
    label: hasLabel ? <PlanLabel {...shown} today={today} /> : null,
    spoken: planSpoken(shown, today),
    menu: (
      <PlanMenu
        label={menuLabel}
        today={today}
        plannedFor={task.plannedFor}
        onPlan={plan}
        onPickDate={() => setPicking(true)}
      />
    ),
    dialog: (
      <PlanDateDialog
        open={picking}
        onOpenChange={setPicking}
        title={task.title}
        plannedFor={task.plannedFor}
        today={today}
        onPlan={plan}
      />
    ),
  };
}
