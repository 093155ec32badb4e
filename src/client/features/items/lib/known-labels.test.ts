import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api, queryKeyOf } from '#shared/api/contract';
import { makeTask } from '../testing/factories';
import { knownLabels } from './known-labels';

// The item dialog's "Your labels" (docs/product.md#item-dialog): the labels of the tasks this device holds.

describe('knownLabels', () => {
  it('counts each task once across the lists, most used first, and reads past a history under the same key', () => {
    const queryClient = new QueryClient();
    const shared = makeTask({ labels: ['errands', 'calls'] });
    queryClient.setQueryData(queryKeyOf(api.tasks.list), [shared, makeTask({ labels: ['Calls'] })]);
    // A task's history lives under ['api', 'tasks'] too: an object, not a list.
    queryClient.setQueryData([...queryKeyOf(api.tasks.list), shared.id, 'history'], { days: [] });
    queryClient.setQueryData(queryKeyOf(api.today.get), {
      tasks: [{ ...shared, goal: null }],
      habits: [],
    });
    queryClient.setQueryData(queryKeyOf(api.upcoming.get), {
      pages: [
        {
          today: '2026-11-29',
          overdue: [
            { ...makeTask({ id: '5b0c1c55-8f8e-4a43-9a55-2d3e8c1f0a01', labels: ['home'] }), goal: null },
          ],
          days: [],
        },
      ],
      pageParams: [undefined],
    });
    expect(knownLabels(queryClient)).toEqual(['calls', 'errands', 'home']);
  });
});
