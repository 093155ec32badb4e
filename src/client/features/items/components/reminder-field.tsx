import { type Control, Controller, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { RemindersOffNote } from './reminders-off-note';

/**
 * "Remind me at" in the item dialog (docs/product.md#item-dialog, docs/decisions/036-reminders-on-screen.md):
 * the browser's own time field, and "No reminder" beside it while a time is set, so clearing never
 * depends on a field's hidden keyboard gesture. The hint says when the reminder comes, and a note
 * whether this device would show it.
 */
export function ReminderField({
  id,
  control,
  kind,
}: {
  id: string;
  control: Control<SingleItemFormInput>;
  kind: 'task' | 'habit';
}) {
  const planChoice = useWatch({ control, name: 'planChoice' });
  const repeatChoice = useWatch({ control, name: 'repeatChoice' });
  const undated = kind === 'task' && planChoice === 'none' && repeatChoice === 'none';
  return (
    <Controller
      control={control}
      name="remindAt"
      render={({ field }) => (
        <div className="flex flex-col gap-2">
          <Label htmlFor={id}>Remind me at</Label>
          <div className="flex items-center gap-2">
            <Input
              id={id}
              ref={field.ref}
              type="time"
              className="w-36"
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value)}
              aria-describedby={`${id}-hint`}
            />
            {field.value !== '' && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  field.onChange('');
                  // The button goes with the time: focus stays on the field it cleared.
                  document.getElementById(id)?.focus();
                }}
              >
                No reminder
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {REMINDER_HINTS[undated ? 'undated' : kind]}
          </p>
          {field.value !== '' && <RemindersOffNote />}
        </div>
      )}
    />
  );
}

export const REMINDER_HINTS = {
  task: 'On the task’s day, in your time zone.',
  undated: 'A task is reminded on its day: choose one above.',
  habit: 'On each day the habit is due, unless it is done.',
} as const;
