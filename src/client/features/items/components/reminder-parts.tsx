import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { isTimeOfDay } from '#shared/domain/reminder-times';
import { reminderSpoken, reminderTimeLabel } from '#shared/domain/reminder-words';
import BellRing from '~icons/lucide/bell-ring';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { MaskIcon } from '../../../components/ui/mask-icon';
import { notifyError } from '../../../lib/notify-error';
import { invalidateAll } from '../../../lib/refetch-after-write';
import { offerUndo } from '../../../lib/undo';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { updateHabit } from '../api/update-habit';
import { updateTask } from '../api/update-task';
import { RemindersOffNoteOnDemand } from './reminders-off-note-on-demand';

/*
 * A task's or habit's reminder on its card (docs/product.md#cards, docs/decisions/036-reminders-on-screen.md):
 * the bell and the time under the title, the words the card's accessible name adds, and the menu's
 * "Remind me…" with its time dialog, which follows "Plan for…": one press to clear, a field to set.
 */

type Reminded = { id: string; title: string; remindAt: string | null };

/** The bell and "7:30", hidden from assistive technology: the card's name says "Reminder at 7:30". */
export function ReminderLabel({ remindAt }: { remindAt: string | null }) {
  const label = reminderTimeLabel(remindAt);
  if (!label) return null;
  return (
    <span aria-hidden className="inline-flex items-center gap-1 text-muted-foreground text-xs tabular-nums">
      <MaskIcon icon="bell" className="size-3" />
      {label}
    </span>
  );
}

/**
 * Sets or clears an item's reminder, with a toast offering Undo (docs/product.md#undo), and rereads
 * the lists after it as every write does. A plain call rather than a mutation per card: the cards of a
 * long list would each hold two more observers for a menu entry seldom used.
 */
function useSetReminder(kind: 'task' | 'habit', item: Reminded) {
  const queryClient = useQueryClient();
  return (remindAt: string | null) => {
    if (remindAt === item.remindAt) return;
    const before = item.remindAt;
    const send = (value: string | null) =>
      kind === 'task'
        ? updateTask({ id: item.id, changes: { remindAt: value } })
        : updateHabit({ id: item.id, changes: { remindAt: value } });
    send(remindAt)
      .then(
        () =>
          offerUndo({
            message: remindAt
              ? {
                  title: 'Reminder set',
                  description: `“${item.title}” reminds you at ${reminderTimeLabel(remindAt)}.`,
                }
              : { title: 'Reminder removed', description: `“${item.title}” has no reminder now.` },
            revert: () => send(before),
            failure: 'Could not undo',
          }),
        (error: unknown) => notifyError(`Could not update ${kind}`, error),
      )
      .finally(() => void invalidateAll(queryClient));
  };
}

/**
 * Everything a card shows of its reminder, in one call so the card only places the parts: the label,
 * the spoken words, the menu entry and its dialog.
 */
export function useReminderParts(kind: 'task' | 'habit', item: Reminded) {
  const [open, setOpen] = useState(false);
  const set = useSetReminder(kind, item);
  return {
    label: item.remindAt ? <ReminderLabel remindAt={item.remindAt} /> : null,
    spoken: reminderSpoken(item.remindAt),
    menu: (
      <DropdownMenuItem onSelect={() => setOpen(true)}>
        <BellRing aria-hidden />
        Remind me…
      </DropdownMenuItem>
    ),
    dialog: (
      <ReminderDialog
        open={open}
        onOpenChange={setOpen}
        title={item.title}
        remindAt={item.remindAt}
        onSet={set}
      />
    ),
  };
}

export function ReminderDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  remindAt: string | null;
  onSet: (remindAt: string | null) => void;
}) {
  return useOpenedOnce(props.open) ? <OpenedReminderDialog {...props} /> : null;
}

function OpenedReminderDialog({
  open,
  onOpenChange,
  title,
  remindAt,
  onSet,
}: Parameters<typeof ReminderDialog>[0]) {
  const id = useId();
  const [value, setValue] = useState(remindAt ?? '');
  const [error, setError] = useState<string | null>(null);
  const choose = (time: string | null) => {
    onSet(time);
    onOpenChange(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const time = value.slice(0, 5);
    if (!isTimeOfDay(time)) {
      setError('Pick a time, or choose No reminder');
      return;
    }
    choose(time);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remind me</DialogTitle>
          <DialogDescription>
            “<span dir="auto">{title}</span>”
            {remindAt ? `, now at ${reminderTimeLabel(remindAt)}` : ', no reminder now'}.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-time`}>Time</Label>
            <Input
              id={`${id}-time`}
              type="time"
              className="w-36"
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
            <FieldError fieldId={id} error={error} />
            {value !== '' && <RemindersOffNoteOnDemand />}
          </div>
          <DialogFooter>
            <Button variant="outline" disabled={remindAt === null} onClick={() => choose(null)}>
              No reminder
            </Button>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
