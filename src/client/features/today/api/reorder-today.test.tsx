import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Today } from '#shared/api/today';
import { always, deferred, installFakeApi, type Reply } from '../../../testing/fake-api';
import { createTestQueryClient } from '../../../testing/render';
import { mergeTodayItems, todayItemTitle, todayOrderAfter } from '../lib/today-items';
import { todayHabit, todayTask } from '../testing/today-factories';
import { TODAY_QUERY_KEY } from './get-today';
import { useReorderToday } from './reorder-today';

const initial: Today = { tasks: [todayTask('Alpha', 0)], habits: [todayHabit('Beta', 1)] };
const order = (today: Today | undefined) => (today ? mergeTodayItems(today).map(todayItemTitle) : []);

function setup(answer: () => Reply | Promise<Reply>) {
  const client = createTestQueryClient();
  client.setQueryData(TODAY_QUERY_KEY, initial);
  const api = installFakeApi(always(answer));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useReorderToday(), { wrapper });
  const items = mergeTodayItems(initial);
  const payload = todayOrderAfter(items, [items[1]!.key, items[0]!.key])!;
  return { client, api, result, payload };
}

describe('useReorderToday', () => {
  it('shows the new order before the server answers and posts it', async () => {
    const answer = deferred<Reply>();
    const { client, api, result, payload } = setup(() => answer.promise);
    result.current.mutate(payload);
    await waitFor(() => expect(order(client.getQueryData(TODAY_QUERY_KEY))).toEqual(['Beta', 'Alpha']));
    expect(api.requests).toEqual([{ method: 'POST', path: '/api/today/reorder', body: payload }]);
    answer.resolve({ status: 204 });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('rolls back to the previous order when the server refuses, then refetches', async () => {
    const { client, result, payload } = setup(() => new Response('boom', { status: 500 }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    result.current.mutate(payload);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(order(client.getQueryData(TODAY_QUERY_KEY))).toEqual(['Alpha', 'Beta']);
    expect(result.current.error?.message).toBe('500: boom');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api'] });
  });
});
