/** What other parts of the app (the Today route) may use from the today feature. */

export { useClearToday } from './api/clear-today';
export { TODAY_QUERY_KEY, todayQueryOptions, useToday } from './api/get-today';
export { reorderToday, useReorderToday } from './api/reorder-today';
export { ExecutionMode } from './components/execution-mode';
export { OverdueLine } from './components/overdue-line';
export { TodayHeader } from './components/today-header';
export { TODAY_SKELETON_ROWS, TodayEmpty, TodayNoMatches, TodaySkeleton } from './components/today-states';
export { type Execution, useExecution } from './hooks/use-execution';
export {
  applyTodayOrder,
  isTodayItemCompleted,
  mergeTodayItems,
  overdueTodayTasks,
  type TodayFilterChip,
  type TodayItem,
  todayFilterChips,
  todayItemFilterKey,
  todayItemKey,
  todayItemTitle,
  todayOrderAfter,
} from './lib/today-items';
