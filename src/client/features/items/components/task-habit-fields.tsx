import type { ReactNode } from 'react';
import { type Control, Controller, type UseFormRegister } from 'react-hook-form';
import type { Day } from '#shared/domain/days';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import type { SingleItemFormInput } from '../lib/item-form-values';
import type { HabitSchedule } from '../lib/plan-choices';
import { GoalSelect } from './goal-select';
import { HabitScheduleField } from './habit-schedule-field';
import { PlanFields } from './plan-fields';
import { PriorityField } from './priority-field';
import { ReminderField } from './reminder-field';

/**
 * A task's or a habit's own fields in the item dialog: "Add to Today", a task's day or a habit's
 * schedule, the reminder time, a task's priority and labels, and its goal unless the dialog is fixed to one
 * (docs/product.md#item-dialog).
 */
export function TaskHabitFields({
  idPrefix,
  control,
  register,
  showGoalSelect,
  plan,
  habitSchedule,
  labels,
  kind,
}: {
  idPrefix: string;
  control: Control<SingleItemFormInput>;
  register: UseFormRegister<SingleItemFormInput>;
  showGoalSelect: boolean;
  /** Offer the task's day, counted from the person's `today`. */
  plan?: { today: Day; dateError?: string; keptRule?: string | null };
  /** Offer a habit's schedule; `kept` is the habit's own when editing. */
  habitSchedule?: { kept?: HabitSchedule };
  /** A task's labels field, after its priority. */
  labels?: ReactNode;
  kind: 'task' | 'habit';
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
      {habitSchedule && (
        <HabitScheduleField id={`${idPrefix}-schedule`} control={control} kept={habitSchedule.kept} />
      )}
      {plan && (
        <PlanFields
          idPrefix={idPrefix}
          control={control}
          register={register}
          today={plan.today}
          dateError={plan.dateError}
          keptRule={plan.keptRule}
        />
      )}
      <ReminderField id={`${idPrefix}-remind`} control={control} kind={kind} />
      {kind === 'task' && <PriorityField id={`${idPrefix}-priority`} control={control} />}
      {labels}
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
