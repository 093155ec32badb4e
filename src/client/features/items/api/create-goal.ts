import { type CreateGoalInput, GoalSchema } from '#shared/api/goals';
import { apiRequest } from '../../../lib/api-client';
import { withClientId } from '../../../lib/client-id';

export function createGoal(input: CreateGoalInput) {
  return apiRequest('POST', '/api/goals', { body: withClientId(input), schema: GoalSchema });
}
