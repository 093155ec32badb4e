import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateGoalInput, GoalSchema } from '../../../../shared/api/goals';
import { apiRequest } from '../../../lib/api-client';
import { withClientId } from '../../../lib/client-id';
import { invalidateAll } from './invalidate';

export function createGoal(input: CreateGoalInput) {
  return apiRequest('POST', '/api/goals', { body: withClientId(input), schema: GoalSchema });
}

export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGoal, onSettled: () => invalidateAll(queryClient) });
}
