import { type Control, Controller, type UseFormRegister, useWatch } from 'react-hook-form';
import { shortDate, shortWeekday, WEEKDAY_NAMES } from '#shared/domain/day-labels';
import { addDays, type Day, weekdayOf } from '#shared/domain/days';
import { ordinalWord, repeatWords } from '#shared/domain/repeat-words';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { dayOfChoice, nextWeekDay, type PlanChoice, plannableRange } from '../lib/plan-choices';

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
  keptRule,
}: {
  idPrefix: string;
  control: Control<SingleItemFormInput>;
  register: UseFormRegister<SingleItemFormInput>;
  today: Day;
  dateError?: string;
  /** The task's own rule when it is none of the named choices (made by quick add, say). */
  keptRule?: string | null;
}) {
  const choice = useWatch({ control, name: 'planChoice' });
  const picked = useWatch({ control, name: 'plannedDate' });
  // The repeat's words follow the day chosen: "Every week on Friday" for a Friday.
  const chosen = dayOfChoice(choice as PlanChoice, today, picked);
  const anchor = chosen && /^\d{4}-\d{2}-\d{2}$/.test(chosen) ? chosen : today;
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
          <FieldError fieldId={dateId} error={dateError} />
        </div>
      )}
      <Label htmlFor={`${idPrefix}-repeat`} className="mt-2">
        Repeat
      </Label>
      <Controller
        control={control}
        name="repeatChoice"
        render={({ field }) => (
          <Select
            id={`${idPrefix}-repeat`}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
          >
            <option value="none">None</option>
            <option value="daily">Every day</option>
            <option value="weekdays">Every weekday</option>
            <option value="weekly">Every week on {WEEKDAY_NAMES[weekdayOf(anchor)]}</option>
            <option value="monthly">Every month on the {ordinalWord(Number(anchor.slice(8, 10)))}</option>
            <option value="yearly">Every year on {shortDate(anchor, addDays(anchor, 1))}</option>
            {keptRule && <option value="keep">{repeatWords(keptRule, { today }) ?? keptRule}</option>}
          </Select>
        )}
      />
    </div>
  );
}

/** "Fri 28": which day a named choice is, beside its name. */
const weekdayAndDate = (day: Day) => `${shortWeekday(weekdayOf(day))} ${Number(day.slice(8, 10))}`;
