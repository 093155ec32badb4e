/** What other parts of the app may use from the items feature: the screen, and what the Today route composes. */

export { AllItemsScreen } from './components/all-items-screen';
export { FilterChips } from './components/filter-chips';
export { HabitCard } from './components/habit-card';
export type { CardSortProps } from './components/item-card-frame';
export { ItemDialog } from './components/item-dialog';
export { SortableList } from './components/sortable-list';
export { TaskCard } from './components/task-card';
export { itemCountText } from './lib/item-count';
