import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type SVGProps, useLayoutEffect, useRef, useState } from 'react';
import CalendarDays from '~icons/lucide/calendar-days';
import CircleCheck from '~icons/lucide/circle-check';
import Pencil from '~icons/lucide/pencil';
import Sun from '~icons/lucide/sun';
import Trash2 from '~icons/lucide/trash-2';
import X from '~icons/lucide/x';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { usePersonsDay } from '../../../lib/persons-day';
import {
  addsToToday,
  changeChosen,
  completeChosen,
  completesAll,
  deleteChosen,
  planChosen,
  todayChosen,
} from '../api/selection-actions';
import { chooseAll, clearChosen, type SelectedItem, selectionKey } from '../lib/selection';
import { ChangeTasksDialog } from './change-tasks-dialog';
import { PlanDialog } from './task-plan';

/*
 * The bar of a selection (docs/product.md#selecting-several-items): how many are chosen, what can be
 * done to all of them, "Select all" and the way out. Above the bottom bar on phones and tablets, at
 * the foot of the main area from `lg`. Each action ends the selection.
 */

/** Where focus goes when the bar goes with it: the first chosen card still shown, else the first card, else the main area. */
function focusAfterBar(keys: readonly string[]): void {
  requestAnimationFrame(() => {
    const card =
      keys
        .map((key) => document.querySelector<HTMLElement>(`[data-select-key="${CSS.escape(key)}"]`))
        .find((element) => element !== null) ??
      document.querySelector<HTMLElement>('[data-card]') ??
      document.getElementById('main');
    card?.focus();
  });
}

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** An action: its icon over a short word on phones, beside it from `sm`, and its whole name from `xl`. */
function Action(props: {
  icon: Icon;
  label: string;
  short: string;
  onPress: () => void;
  disabled?: boolean;
  destructive?: boolean;
}) {
  const { icon: ActionIcon } = props;
  return (
    <Button
      variant="ghost"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onPress}
      className={cn(
        'flex-col gap-0.5 px-1 text-xs sm:flex-row sm:gap-2 sm:px-3 sm:text-sm',
        props.destructive && 'text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300',
      )}
    >
      <ActionIcon aria-hidden />
      <span className="xl:hidden">{props.short}</span>
      <span className="hidden xl:inline">{props.label}</span>
    </Button>
  );
}

export function SelectionBar({ items }: { items: readonly SelectedItem[] }) {
  const queryClient = useQueryClient();
  const today = usePersonsDay();
  const [planning, setPlanning] = useState(false);
  const [changing, setChanging] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const keys = useRef<readonly string[]>([]);
  keys.current = items.map(selectionKey);
  // A dialog of the bar's (Plan for, Change tasks) holds focus when its action ends the selection.
  const dialogOpen = useRef(false);
  dialogOpen.current = planning || changing;
  // The bar goes when the selection ends (an action, Escape, Clear selection): focus held in it would
  // drop to the page, so it goes on to the cards. A layout effect's cleanup runs before the bar leaves
  // the page, while it still holds focus.
  useLayoutEffect(
    () => () => {
      if (bar.current?.contains(document.activeElement) || dialogOpen.current) focusAfterBar(keys.current);
    },
    [],
  );

  const tasks = items.filter((item) => item.kind === 'task');
  const habits = items.length - tasks.length;
  const completes = completesAll(items);
  const adds = addsToToday(items);
  /** Runs an action on the items chosen now and ends the selection. */
  const act = (action: (chosen: readonly SelectedItem[]) => void) => () => {
    action(items);
    clearChosen();
  };
  const count = items.length === 1 ? '1 selected' : `${items.length} selected`;
  /** "2 tasks.", "2 tasks; the habit keeps its own days." */
  const aboutTasks = (habitsKeep: string, habitKeeps: string) =>
    (tasks.length === 1 ? '1 task' : `${tasks.length} tasks`) +
    (habits === 0 ? '.' : habits === 1 ? `; the habit ${habitKeeps}.` : `; the habits ${habitsKeep}.`);

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Selected items"
      className="fixed inset-x-0 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-40 px-3 lg:bottom-4 lg:left-60"
    >
      <div className="mx-auto flex max-w-xl flex-col gap-1 rounded-xl border border-border bg-card p-1.5 shadow-lg lg:max-w-4xl lg:flex-row lg:flex-wrap lg:items-center">
        <div className="flex items-center gap-1 lg:contents">
          <p
            role="status"
            className="flex-1 px-2 font-medium text-sm tabular-nums lg:order-first lg:flex-none"
          >
            {count}
          </p>
          <Button variant="ghost" size="sm" className="lg:order-last lg:ms-auto" onClick={chooseAll}>
            Select all
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Clear selection"
            className="lg:order-last"
            onClick={clearChosen}
          >
            <X aria-hidden />
          </Button>
        </div>
        <div className="grid grid-cols-5 gap-0.5 lg:flex lg:gap-1">
          <Action
            icon={CircleCheck}
            label={completes ? 'Complete' : 'Mark not done'}
            short={completes ? 'Complete' : 'Not done'}
            onPress={act((chosen) => completeChosen(queryClient, chosen))}
          />
          <Action
            icon={Sun}
            label={adds ? 'Add to Today' : 'Remove from Today'}
            short="Today"
            onPress={act((chosen) => todayChosen(queryClient, chosen))}
          />
          <Action
            icon={CalendarDays}
            label="Plan for…"
            short="Plan"
            disabled={tasks.length === 0}
            onPress={() => setPlanning(true)}
          />
          <Action
            icon={Pencil}
            label="Change…"
            short="Change"
            disabled={tasks.length === 0}
            onPress={() => setChanging(true)}
          />
          <Action icon={Trash2} label="Delete" short="Delete" destructive onPress={act(deleteChosen)} />
        </div>
      </div>
      <PlanDialog
        open={planning}
        onOpenChange={setPlanning}
        heading="Plan for"
        title=""
        plannedFor={null}
        today={today}
        canClear={tasks.some((task) => task.plannedFor !== null)}
        description={aboutTasks('keep their own days', 'keeps its own days')}
        onPlan={(day) => act((chosen) => planChosen(queryClient, chosen, day, today))()}
      />
      <ChangeTasksDialog
        open={changing}
        onOpenChange={setChanging}
        description={aboutTasks('have no priority, goal or labels', 'has no priority, goal or labels')}
        onChange={(changes) => act((chosen) => changeChosen(queryClient, chosen, changes))()}
      />
    </div>
  );
}
