// The card icons' pictures load with the screens that draw cards (components/ui/mask-icon.tsx).
import 'virtual:card-icons.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type HiddenFilters, isShown, NO_FILTERS } from '#shared/domain/filters';
import { LoadFailure } from '../../components/ui/load-failure';
import {
  type CardSortProps,
  ChecklistTicks,
  FilterChips,
  HabitCard,
  ItemDialog,
  itemCountText,
  QuickAdd,
  SelectionScope,
  SortableList,
  TaskCard,
} from '../../features/items';
import {
  ExecutionMode,
  mergeTodayItems,
  OverdueLine,
  overdueTodayTasks,
  TodayEmpty,
  TodayHeader,
  type TodayItem,
  TodayNoMatches,
  TodaySkeleton,
  todayFilterChips,
  todayItemFilterKey,
  todayItemTitle,
  todayOrderAfter,
  useClearToday,
  useExecution,
  useReorderToday,
  useToday,
} from '../../features/today';
import { errorText } from '../../lib/error-text';
import { notifyError } from '../../lib/notify-error';
import { usePersonsDay } from '../../lib/persons-day';
import { useBackCloses } from '../../lib/use-back-closes';
import { useFirstArrivalInBackground } from '../../lib/use-first-arrival';
import { Screen } from '../layout/screen';

/**
 * A Today row: the items feature's card, with the goal's name, tooltip and tint for goal tasks. In
 * Execution Mode it is the one item being worked on, and shows its whole description; a task's
 * checklist is ticked under it there.
 */
function TodayCard({
  item,
  wholeDescription,
  ...sort
}: { item: TodayItem; wholeDescription?: boolean } & CardSortProps) {
  if (item.kind === 'habit')
    return <HabitCard habit={item.habit} wholeDescription={wholeDescription} {...sort} />;
  return (
    <TaskCard
      task={item.task}
      goal={item.task.goal}
      showGoal
      tint
      wholeDescription={wholeDescription}
      {...sort}
    />
  );
}

/**
 * The Today screen and Execution Mode (docs/product.md#today-screen, docs/product.md#execution-mode): the
 * today feature composed with the items feature's parts.
 */
export function TodayRoute() {
  const today = useToday();
  const day = usePersonsDay();
  const data = useFirstArrivalInBackground(today.data);
  const reorder = useReorderToday();
  const clearing = useClearToday();
  const [hidden, setHidden] = useState<HiddenFilters>(NO_FILTERS);
  const [adding, setAdding] = useState(false);

  const all = useMemo(() => (data ? mergeTodayItems(data) : []), [data]);
  const visible = useMemo(
    () => all.filter((item) => isShown(hidden, todayItemFilterKey(item))),
    [all, hidden],
  );
  const chips = useMemo(() => todayFilterChips(all), [all]);
  // Every overdue task on Today, those the chips hide too; how many are hidden is said to screen readers.
  const overdue = useMemo(() => overdueTodayTasks(all, day), [all, day]);
  const overdueHidden = useMemo(
    () => overdue.length - overdueTodayTasks(visible, day).length,
    [overdue, visible, day],
  );
  const execution = useExecution(visible);

  // When Execution Mode ends (Exit or "All done!"), focus returns to the button that started it.
  const executeRef = useRef<HTMLButtonElement>(null);
  const wasRunning = useRef(false);
  const running = execution.run !== null;
  // Back (the browser's button, a phone's gesture) leaves Execution Mode for Today, as it closes a
  // dialog, rather than leaving the app.
  useBackCloses(running, execution.exit);
  useEffect(() => {
    if (wasRunning.current && !running) executeRef.current?.focus();
    wasRunning.current = running;
  }, [running]);

  const onReorder = (orderedKeys: string[]) => {
    const payload = todayOrderAfter(all, orderedKeys);
    if (payload)
      reorder.mutate(payload, { onError: (error) => notifyError('Could not reorder Today', error) });
  };
  const onClear = () => clearing.clear(all, (error) => notifyError('Could not clear Today', error));

  if (running) {
    return (
      <Screen width="narrow">
        <ExecutionMode
          execution={execution}
          renderItem={(item) => (
            <>
              <TodayCard item={item} wholeDescription />
              {item.kind === 'task' && <ChecklistTicks task={item.task} />}
            </>
          )}
        />
      </Screen>
    );
  }

  return (
    <SelectionScope>
      <Screen>
        <TodayHeader
          countText={data ? itemCountText(visible.length, all.length) : undefined}
          // Before the list has loaded there is nothing to judge "already completed" by.
          onExecute={() => {
            if (data) execution.start();
          }}
          onClear={onClear}
          onAdd={() => setAdding(true)}
          clearing={clearing.isPending}
          executeRef={executeRef}
        />
        {all.length > 0 ? <FilterChips chips={chips} hidden={hidden} onChange={setHidden} /> : null}
        {data ? <QuickAdd label="New task on Today" isToday /> : null}
        <OverdueLine tasks={overdue} hidden={overdueHidden} />
        {data === undefined && !today.isError ? (
          <TodaySkeleton />
        ) : today.isError && !data ? (
          <LoadFailure
            title="Could not load your today list"
            reason={errorText(today.error)}
            onRetry={() => void today.refetch()}
          />
        ) : all.length === 0 ? (
          <TodayEmpty />
        ) : visible.length === 0 ? (
          <TodayNoMatches />
        ) : (
          <SortableList
            items={visible}
            getId={(item) => item.key}
            getLabel={todayItemTitle}
            label="Today items"
            className="rounded-xl border border-border bg-card px-1 shadow-xs"
            onReorder={onReorder}
            renderItem={(item, controls) => <TodayCard item={item} {...controls} />}
          />
        )}
        <ItemDialog open={adding} onOpenChange={setAdding} mode="add" defaultIsToday />
      </Screen>
    </SelectionScope>
  );
}
