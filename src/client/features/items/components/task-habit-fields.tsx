import { type Control, Controller } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { GoalSelect } from './goal-select';

/**
 * A task's or a habit's own fields in the item dialog: "Add to Today", and a task's goal unless the
 * dialog is fixed to one (docs/product.md#item-dialog).
 */
export function TaskHabitFields({
  idPrefix,
  control,
  showGoalSelect,
}: {
  idPrefix: string;
  control: Control<SingleItemFormInput>;
  showGoalSelect: boolean;
}) {
  return (
    <>
      <Controller
        control={control}
        name="isToday"
        render={({ field }) => (
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox
              id={`${idPrefix}-today`}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <Label htmlFor={`${idPrefix}-today`} className="cursor-pointer">
              Add to Today
            </Label>
          </div>
        )}
      />
      {showGoalSelect && (
        <Controller
          control={control}
          name="goalId"
          render={({ field }) => (
            <GoalSelect id={`${idPrefix}-goal`} label="Goal" value={field.value} onChange={field.onChange} />
          )}
        />
      )}
    </>
  );
}
