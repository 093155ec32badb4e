import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { labelsQueryKey } from './get-labels';

/**
 * PATCH /api/labels/:label: the label's new name on every task that carries it. Online only: a rename
 * sent later would miss the tasks labelled meanwhile. The answer is the new list, shown at once; every
 * list of tasks is refetched, since their cards show the label. A refusal changed nothing and the field
 * keeps what was typed; a 404 (the label removed or renamed elsewhere meanwhile) refetches the list, so
 * the gone row leaves it.
 */
export function useRenameLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ label, to }: { label: string; to: string }) =>
      callApi(api.labels.rename, { params: { label }, body: { label: to } }),
    onSuccess: (labels) => {
      queryClient.setQueryData(labelsQueryKey, labels);
      return invalidateAll(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 404)
        void queryClient.invalidateQueries({ queryKey: labelsQueryKey });
    },
  });
}
