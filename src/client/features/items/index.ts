/** What the screens (src/client/app/routes) compose from the items feature. */

export { goalsQueryOptions, useGoals } from './api/get-goals';
export { habitsQueryOptions, useHabits } from './api/get-habits';
export { tasksQueryOptions, useTasks } from './api/get-tasks';
export { AllItemsHeader } from './components/all-items-header';
export {
  AllItemsEmpty,
  AllItemsError,
  AllItemsNoMatches,
  AllItemsSkeleton,
} from './components/all-items-states';
export { ChecklistTicks } from './components/checklist-ticks';
export { type FilterChip, FilterChips } from './components/filter-chips';
export { HabitCard } from './components/habit-card';
export type { CardSortProps } from './components/item-card-frame';
export { ItemDialog } from './components/item-dialog';
export { ItemEditor } from './components/item-editor';
export { ItemSectionsList } from './components/item-sections-list';
export { QuickAdd } from './components/quick-add';
export { SelectionScope } from './components/selection-scope';
export { SortableList } from './components/sortable-list';
export { TaskCard } from './components/task-card';
export { itemCountText } from './lib/item-count';
export { editItem } from './lib/item-editor';
export type { EditableItem, GoalContext, ItemKind } from './lib/item-kinds';
export { buildSections, countItems, type ItemSection } from './lib/item-sections';
