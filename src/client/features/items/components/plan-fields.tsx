import { type Control, Controller, type UseFormRegister, useWatch } from 'react-hook-form';
import { shortWeekday } from '#shared/domain/day-labels';
import { addDays, type Day, weekdayOf } from '#shared/domain/days';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { nextWeekDay, plannableRange } from '../lib/plan-choices';

/**
 * A task's day in the item dialog (docs/product.md#item-dialog): "Day" offers None, Today, Tomorrow,
 * Next week and "Pick a date…", which shows a native date field (the phone's own picker, labelled,
 * light: docs/decisions/026-planning-screens.md).
 */
export function PlanFields({
  idPrefix,
  control,
  register,
  today,
  dateError,
}: {
  idPrefix: string;
  control: Control<SingleItemFormInput>;
  register: UseFormRegister<SingleItemFormInput>;
  today: Day;
  dateError?: string;
}) {
  const choice = useWatch({ control, name: 'planChoice' });
  const { min, max } = plannableRange(today);
  const dateId = `${idPrefix}-date`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${idPrefix}-day`}>Day</Label>
      <Controller
        control={control}
        name="planChoice"
        render={({ field }) => (
          <Select
            id={`${idPrefix}-day`}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
          >
            <option value="none">None</option>
            <option value="today">Today</option>
            <option value="tomorrow">Tomorrow ({weekdayAndDate(addDays(today, 1))})</option>
            <option value="next-week">Next week ({weekdayAndDate(nextWeekDay(today))})</option>
            <option value="date">Pick a date…</option>
          </Select>
        )}
      />
      {choice === 'date' && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={dateId}>Date</Label>
          <Input
            id={dateId}
            type="date"
            min={min}
            max={max}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${dateId}-error` : undefined}
            {...register('plannedDate')}
          />
          {dateError && (
            <p id={`${dateId}-error`} role="alert" className="font-medium text-destructive text-sm">
              {dateError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** "Fri 28": which day a named choice is, beside its name. */
const weekdayAndDate = (day: Day) => `${shortWeekday(weekdayOf(day))} ${Number(day.slice(8, 10))}`;
