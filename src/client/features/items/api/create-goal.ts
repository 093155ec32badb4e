import { api } from '#shared/api/contract';
import type { CreateGoalInput } from '#shared/api/goals';
import { callApi } from '../../../lib/api-client';
import { withClientId } from '../../../lib/client-id';

export function createGoal(input: CreateGoalInput) {
  return callApi(api.goals.create, { body: withClientId(input) });
}
