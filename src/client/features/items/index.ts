/** What other parts of the app (the Today route) may use from the items feature. */

export { bulkPositions } from './api/bulk-positions';
export { createGoal, useCreateGoal } from './api/create-goal';
export { createHabit, createHabits, useCreateHabit, useCreateHabits } from './api/create-habit';
export { createTask, createTasks, useCreateTask, useCreateTasks } from './api/create-task';
export { deleteCompletedTasks, useDeleteCompletedTasks } from './api/delete-completed-tasks';
export { deleteGoal, useDeleteGoal } from './api/delete-goal';
export { deleteHabit, useDeleteHabit } from './api/delete-habit';
export { deleteTask, useDeleteTask } from './api/delete-task';
export { getGoals, goalsQueryOptions, useGoals } from './api/get-goals';
export { getHabits, HABITS_QUERY_KEY, habitsQueryOptions, useHabits } from './api/get-habits';
export { getTasks, TASKS_QUERY_KEY, tasksQueryOptions, useTasks } from './api/get-tasks';
export { invalidateAll } from './api/invalidate';
export { type ReorderHabitsVariables, reorderHabits, useReorderHabits } from './api/reorder-habits';
export { type ReorderTasksVariables, reorderTasks, useReorderTasks } from './api/reorder-tasks';
export { type UpdateGoalVariables, updateGoal, useUpdateGoal } from './api/update-goal';
export { type UpdateHabitVariables, updateHabit, useUpdateHabit } from './api/update-habit';
export { type UpdateTaskVariables, updateTask, useUpdateTask } from './api/update-task';
export { AllItemsScreen } from './components/all-items-screen';
export { type FilterChip, FilterChips, type FilterChipsProps } from './components/filter-chips';
export { HabitCard, type HabitCardProps } from './components/habit-card';
export { type CardSortProps, CompletionBadge } from './components/item-card-frame';
export { ItemDialog, type ItemDialogProps } from './components/item-dialog';
export {
  type DragHandleProps,
  type SortableItemControls,
  SortableList,
  type SortableListProps,
} from './components/sortable-list';
export { TaskCard, type TaskCardProps } from './components/task-card';
export { addedToTodayToast, removedFromTodayToast } from './components/today-toasts';
export { type GoalColorClasses, goalColorClasses } from './lib/goal-colors';
export { itemCountText } from './lib/item-count';
export type { EditableItem, GoalContext, ItemKind } from './lib/item-kinds';
