import { type Control, Controller } from 'react-hook-form';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { ColorGrid } from './color-grid';

/**
 * A goal's own fields in the item dialog: colour and habit goal (docs/product.md#item-dialog); its
 * description is every kind's (description-field.tsx).
 */
export function GoalFields({
  idPrefix,
  control,
}: {
  idPrefix: string;
  control: Control<SingleItemFormInput>;
}) {
  return (
    <>
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
