import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateGoalInput, GoalSchema } from '../../../../shared/api/goals';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAll } from './invalidate';

export function createGoal(input: CreateGoalInput) {
  return apiRequest('POST', '/api/goals', { body: input, schema: GoalSchema });
}

export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGoal, onSettled: () => invalidateAll(queryClient) });
}
