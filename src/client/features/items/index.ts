/** What the screens (src/client/app/routes) compose from the items feature. */

export { useGoals } from './api/get-goals';
export { useHabits } from './api/get-habits';
export { useTasks } from './api/get-tasks';
export { AllItemsHeader } from './components/all-items-header';
export {
  AllItemsEmpty,
  AllItemsError,
  AllItemsNoMatches,
  AllItemsSkeleton,
} from './components/all-items-states';
export { type FilterChip, FilterChips } from './components/filter-chips';
export { GoalSection } from './components/goal-section';
export { HabitCard } from './components/habit-card';
export { HabitsSection } from './components/habits-section';
export type { CardSortProps } from './components/item-card-frame';
export { ItemDialog } from './components/item-dialog';
export { QuickAdd } from './components/quick-add';
export { SortableList } from './components/sortable-list';
export { TaskCard } from './components/task-card';
export { TodosSection } from './components/todos-section';
export { itemCountText } from './lib/item-count';
export type { GoalContext, ItemKind } from './lib/item-kinds';
export { buildSections, countItems, type ItemSection, rowsOfSection } from './lib/item-sections';
export { useDrawnInSteps } from './lib/use-drawn-in-steps';
