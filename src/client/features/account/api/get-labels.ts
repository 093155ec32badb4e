import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeyOf } from '#shared/api/contract';
import { callQueryOptions } from '../../../lib/call-query';

export const labelsQueryKey = queryKeyOf(api.labels.list);

/**
 * GET /api/labels: the person's labels with how many tasks carry each, by name. A task's change anywhere
 * refetches it (its call is changedBy tasks, lib/live-updates.ts), and so does every write here
 * (lib/refetch-after-write.ts).
 */
export const labelsQueryOptions = queryOptions(callQueryOptions(api.labels.list));

export const useLabels = () => useQuery(labelsQueryOptions);
