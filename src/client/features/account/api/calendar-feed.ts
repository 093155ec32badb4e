import { useMutation } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';

/** POST /api/calendar/feed: a new secret address; any earlier one stops working (docs/product.md#calendar-feed). */
export function useNewCalendarFeed() {
  return useMutation({ mutationFn: () => callApi(api.calendar.newFeed) });
}

/** DELETE /api/calendar/feed: the address stops working. */
export function useStopCalendarFeed() {
  return useMutation({ mutationFn: () => callApi(api.calendar.revokeFeed) });
}
