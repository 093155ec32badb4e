import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Today } from '../../../../shared/api/today';
import { createQueryClient } from '../../../lib/query-client';
import { mergeTodayItems, todayItemTitle, todayOrderAfter } from '../lib/today-items';
import { todayHabit, todayTask } from '../testing/today-factories';
import { TODAY_QUERY_KEY } from './get-today';
import { useReorderToday } from './reorder-today';

const initial: Today = { tasks: [todayTask('Alpha', 0)], habits: [todayHabit('Beta', 1)] };
const order = (today: Today | undefined) => (today ? mergeTodayItems(today).map(todayItemTitle) : []);

function setup(answer: () => Promise<Response>) {
  const client = createQueryClient();
  client.setDefaultOptions({ mutations: { retry: false } });
  client.setQueryData(TODAY_QUERY_KEY, initial);
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useReorderToday(), { wrapper });
  const items = mergeTodayItems(initial);
  const payload = todayOrderAfter(items, [items[1]!.key, items[0]!.key])!;
  return { client, fetch, result, payload };
}

afterEach(() => vi.unstubAllGlobals());

describe('useReorderToday', () => {
  it('shows the new order before the server answers and posts it', async () => {
    let answer: (response: Response) => void = () => {};
    const { client, fetch, result, payload } = setup(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    result.current.mutate(payload);
    await waitFor(() => expect(order(client.getQueryData(TODAY_QUERY_KEY))).toEqual(['Beta', 'Alpha']));
    expect(fetch).toHaveBeenCalledWith('/api/today/reorder', expect.objectContaining({ method: 'POST' }));
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body));
    expect(body).toEqual(payload);
    answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('rolls back to the previous order when the server refuses, then refetches', async () => {
    const { client, result, payload } = setup(async () => new Response('boom', { status: 500 }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    result.current.mutate(payload);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(order(client.getQueryData(TODAY_QUERY_KEY))).toEqual(['Alpha', 'Beta']);
    expect(result.current.error?.message).toBe('500: boom');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api'] });
  });
});
