import { type Control, Controller } from 'react-hook-form';
import { repeatWords } from '#shared/domain/repeat-words';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { HABIT_RULES, type HabitSchedule, TIMES_PER_WEEK_CHOICES } from '../lib/plan-choices';

/**
 * A habit's "Schedule" in the item dialog (docs/product.md#item-dialog): every day, on some weekdays
 * (Mon, Wed, Fri…), or a number of times a week, Loop's most used schedule.
 */
export function HabitScheduleField({
  id,
  control,
  kept,
}: {
  id: string;
  control: Control<SingleItemFormInput>;
  /** The habit's own schedule when editing, offered in words if none of the named ones. */
  kept?: HabitSchedule;
}) {
  const keptRule =
    kept?.repeat && !HABIT_RULES.some((choice) => choice.rule === kept.repeat) ? kept.repeat : null;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Schedule</Label>
      <Controller
        control={control}
        name="habitSchedule"
        render={({ field }) => (
          <Select id={id} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
            <option value="daily">Every day</option>
            {HABIT_RULES.map(({ rule, label }) => (
              <option key={rule} value={`rule:${rule}`}>
                {label}
              </option>
            ))}
            {TIMES_PER_WEEK_CHOICES.map((n) => (
              <option key={n} value={`times:${n}`}>
                {n === 1 ? 'Once a week' : `${n} times a week`}
              </option>
            ))}
            {keptRule && <option value="keep">{repeatWords(keptRule) ?? keptRule}</option>}
          </Select>
        )}
      />
    </div>
  );
}
