import { type Control, Controller } from 'react-hook-form';
import { PRIORITIES, PRIORITY_WORDS } from '#shared/domain/priority';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import type { SingleItemFormInput } from '../lib/item-form-values';

/** A task's "Priority" in the item dialog (docs/product.md#priority): none, then low to high. */
export function PriorityField({ id, control }: { id: string; control: Control<SingleItemFormInput> }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Priority</Label>
      <Controller
        control={control}
        name="priority"
        render={({ field }) => (
          <Select id={id} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
            {PRIORITIES.map((priority) => (
              <option key={priority} value={String(priority)}>
                {PRIORITY_WORDS[priority] ?? 'None'}
              </option>
            ))}
          </Select>
        )}
      />
    </div>
  );
}
