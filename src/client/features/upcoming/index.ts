/** What the Upcoming route composes from the upcoming feature. */

export {
  UPCOMING_QUERY_KEY,
  type Upcoming,
  type UpcomingDay,
  type UpcomingTask,
  upcomingQueryOptions,
  useUpcoming,
} from './api/get-upcoming';
export { useMoveTask } from './api/move-task';
export { type DayDragHandle, UpcomingDays, type UpcomingGroup } from './components/upcoming-days';
export { upcomingGroups } from './lib/upcoming-groups';
