// The card icons' pictures load with the screens that draw cards (components/ui/mask-icon.tsx).
import 'virtual:card-icons.css';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import type { Goal } from '#shared/api/goals';
import { type HiddenFilters, isShown, NO_FILTERS } from '#shared/domain/filters';
import {
  AllItemsEmpty,
  AllItemsError,
  AllItemsHeader,
  AllItemsNoMatches,
  AllItemsSkeleton,
  buildSections,
  countItems,
  editItem,
  type FilterChip,
  FilterChips,
  type GoalContext,
  ItemDialog,
  type ItemKind,
  type ItemSection,
  ItemSectionsList,
  itemCountText,
  SelectionScope,
  useGoals,
  useHabits,
  useTasks,
} from '../../features/items';
import { useFirstArrivalInBackground } from '../../lib/use-first-arrival';
import { Screen } from '../layout/screen';

type AddRequest = { presetType?: ItemKind; goal?: GoalContext };

function chipFor(section: ItemSection): FilterChip {
  if (section.kind === 'habits')
    return { key: section.key, label: 'Habits', count: section.items.length, color: 'purple' };
  if (section.kind === 'todos')
    return { key: section.key, label: 'Todos', count: section.items.length, color: 'green' };
  return {
    key: section.key,
    label: section.goal.title,
    count: section.items.length,
    color: section.goal.color,
  };
}

/**
 * `/all-items?item=task:{id}` (or `habit:`) opens that item's edit dialog once the lists have it: where
 * a reminder's notification takes the person (docs/product.md#reminders). The address then drops the
 * item, so Back and a reload do not open it again.
 */
function useItemFromLink(
  tasks: ReturnType<typeof useTasks>['data'],
  habits: ReturnType<typeof useHabits>['data'],
) {
  const search = useSearch();
  const wanted = new URLSearchParams(search).get('item');
  useEffect(() => {
    if (!wanted) return;
    const [kind, id] = wanted.split(':');
    const list = kind === 'task' ? tasks : kind === 'habit' ? habits : undefined;
    if (!list && (kind === 'task' || kind === 'habit')) return;
    const task = kind === 'task' ? tasks?.find((each) => each.id === id) : undefined;
    const habit = kind === 'habit' ? habits?.find((each) => each.id === id) : undefined;
    if (task) editItem({ kind: 'task', task });
    else if (habit) editItem({ kind: 'habit', habit });
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [wanted, tasks, habits]);
}

/**
 * `/all-items`: every goal, task and habit in sections, with filters, archive and add
 * (docs/product.md#all-items-screen), composed from the items feature's parts like every screen
 * (docs/architecture.md, "Client").
 */
export function AllItemsRoute() {
  const [showArchived, setShowArchived] = useState(false);
  const [hidden, setHidden] = useState<HiddenFilters>(NO_FILTERS);
  const [adding, setAdding] = useState<AddRequest | null>(null);
  const goals = useGoals(showArchived);
  const tasks = useTasks();
  const habits = useHabits();

  useItemFromLink(tasks.data, habits.data);

  const sections = useFirstArrivalInBackground(
    useMemo(
      () =>
        goals.data && tasks.data && habits.data
          ? buildSections(goals.data, tasks.data, habits.data)
          : undefined,
      [goals.data, tasks.data, habits.data],
    ),
  );
  const visibleSections = useMemo(
    () => sections?.filter((section) => isShown(hidden, section.key)) ?? [],
    [sections, hidden],
  );
  // Habits and Todos chips first, then the goals in section order (docs/product.md#all-items-screen).
  const chips = useMemo(() => {
    if (!sections) return [];
    const fixed = sections.filter((section) => section.kind !== 'goal');
    const goalsInOrder = sections.filter((section) => section.kind === 'goal');
    return [...fixed, ...goalsInOrder].map(chipFor);
  }, [sections]);

  const total = sections ? countItems(sections) : 0;
  const nothingAtAll = sections !== undefined && total === 0 && (goals.data?.length ?? 0) === 0;
  // A failed refetch keeps the last list on screen (the connectivity banner says why); only a list
  // that never loaded is replaced by the error panel.
  const failed = (query: { isError: boolean; data: unknown }) => query.isError && query.data === undefined;
  const error = failed(goals) ? 'goals' : failed(tasks) ? 'tasks' : failed(habits) ? 'habits' : undefined;

  const openAdd = (request: AddRequest) => setAdding(request);
  // Kept the same functions, so the sections (which compare their props) are not drawn again for them.
  const addHabit = useCallback(() => setAdding({ presetType: 'habit' }), []);
  const addTodo = useCallback(() => setAdding({ presetType: 'task' }), []);
  const addTaskTo = useCallback(
    (goal: Goal) => setAdding({ presetType: 'task', goal: { id: goal.id, title: goal.title } }),
    [],
  );

  let body: ReactNode;
  if (error) {
    body = (
      <AllItemsError
        what={error}
        onRetry={() => {
          void goals.refetch();
          void tasks.refetch();
          void habits.refetch();
        }}
      />
    );
  } else if (!sections) {
    body = <AllItemsSkeleton />;
  } else if (nothingAtAll) {
    body = <AllItemsEmpty onAddGoal={() => openAdd({ presetType: 'goal' })} />;
  } else if (visibleSections.length === 0) {
    body = <AllItemsNoMatches onShowAll={() => setHidden(NO_FILTERS)} />;
  } else {
    body = (
      <ItemSectionsList
        sections={visibleSections}
        onAddHabit={addHabit}
        onAddTodo={addTodo}
        onAddTask={addTaskTo}
      />
    );
  }

  return (
    <SelectionScope>
      <Screen>
        <AllItemsHeader
          countText={sections ? itemCountText(countItems(visibleSections), total) : undefined}
          showArchived={showArchived}
          onToggleArchived={() => setShowArchived((value) => !value)}
          onAdd={() => openAdd({})}
        />
        {sections && !nothingAtAll && <FilterChips chips={chips} hidden={hidden} onChange={setHidden} />}
        {body}
        <ItemDialog
          open={adding !== null}
          onOpenChange={(open) => {
            if (!open) setAdding(null);
          }}
          mode="add"
          presetType={adding?.presetType}
          goal={adding?.goal}
        />
      </Screen>
    </SelectionScope>
  );
}
