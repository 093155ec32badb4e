import { type Control, Controller, type UseFormRegister } from 'react-hook-form';
import { DESCRIPTION_MAX } from '#shared/api/common';
import { CharacterCount, nearLimit } from '../../../components/ui/character-count';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { ColorGrid } from './color-grid';

/** A goal's own fields in the item dialog: description, colour, habit goal (docs/product.md#item-dialog). */
export function GoalFields({
  idPrefix,
  control,
  register,
  descriptionLength,
  descriptionError,
}: {
  idPrefix: string;
  control: Control<SingleItemFormInput>;
  register: UseFormRegister<SingleItemFormInput>;
  descriptionLength: number;
  descriptionError?: string;
}) {
  const descriptionId = `${idPrefix}-description`;
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${idPrefix}-description`}>
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={descriptionId}
          rows={3}
          placeholder="What is this goal about?"
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={
            [
              descriptionError && `${descriptionId}-error`,
              nearLimit(descriptionLength, DESCRIPTION_MAX) && `${descriptionId}-count`,
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...register('description')}
        />
        <FieldError fieldId={descriptionId} error={descriptionError} />
        <CharacterCount id={`${descriptionId}-count`} length={descriptionLength} max={DESCRIPTION_MAX} />
      </div>
      <Controller
        control={control}
        name="color"
        render={({ field }) => <ColorGrid value={field.value} onChange={field.onChange} />}
      />
      <Controller
        control={control}
        name="isHabitGoal"
        render={({ field }) => (
          <div className="flex items-start justify-between gap-4 rounded-xl border border-border p-3">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${idPrefix}-habit-goal`}>Habit Goal</Label>
              <p id={`${idPrefix}-habit-goal-hint`} className="text-muted-foreground text-xs">
                Tasks in this goal will work like habits with daily resets
              </p>
            </div>
            <Switch
              id={`${idPrefix}-habit-goal`}
              aria-describedby={`${idPrefix}-habit-goal-hint`}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          </div>
        )}
      />
    </>
  );
}
