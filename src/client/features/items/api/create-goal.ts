import type { CreateGoalInput, Goal } from '#shared/api/goals';
import { apiRequest } from '../../../lib/api-client';
import { withClientId } from '../../../lib/client-id';

export function createGoal(input: CreateGoalInput) {
  return apiRequest<Goal>('POST', '/api/goals', { body: withClientId(input) });
}
