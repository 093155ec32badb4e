import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import type { LabelUse } from '#shared/api/labels';
import { labelKey } from '#shared/domain/labels';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { labelsQueryKey } from './get-labels';

/**
 * DELETE /api/labels/:label: the label comes off every task that carries it; the tasks stay. Online
 * only, like a rename. A label already gone (removed on another device) is what was asked for, so its
 * 404 counts as done.
 */
export function useRemoveLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string) => {
      try {
        await callApi(api.labels.remove, { params: { label } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: (_done, label) => {
      queryClient.setQueryData<LabelUse[]>(labelsQueryKey, (labels) =>
        labels?.filter((use) => labelKey(use.label) !== labelKey(label)),
      );
      return invalidateAll(queryClient);
    },
  });
}
