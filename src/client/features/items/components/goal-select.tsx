import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useGoals } from '../api/get-goals';

/** "" stands for no goal in the <select>; it is sent as goalId null (docs/product.md#dialog-lifecycle). */
export const NO_GOAL = '';

export function goalIdFromSelect(value: string): string | null {
  return value === NO_GOAL ? null : value;
}

/**
 * The goal select for tasks (docs/product.md#item-dialog). Archived goals are offered only when the task
 * already belongs to one, so editing such a task does not silently move it.
 */
export function GoalSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { data: goals = [] } = useGoals(true);
  const choices = goals.filter((goal) => !goal.archived || goal.id === value);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value={NO_GOAL}>No goal (regular task)</option>
        {choices.map((goal) => (
          <option key={goal.id} value={goal.id}>
            {goal.title}
            {goal.archived ? ' (archived)' : ''}
          </option>
        ))}
      </Select>
    </div>
  );
}
