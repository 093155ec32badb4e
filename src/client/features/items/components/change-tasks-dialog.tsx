import { type FormEvent, useId, useState } from 'react';
import { PRIORITIES, PRIORITY_WORDS, type Priority } from '#shared/domain/priority';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useGoals } from '../api/get-goals';
import type { TaskChanges } from '../api/selection-actions';

/*
 * "Change…" of a selection (docs/product.md#selecting-several-items): a priority and a goal for every
 * chosen task at once, each left as the tasks have it unless picked.
 */

/** The select's value for "leave as each task has it". */
const KEEP = 'keep';
/** The goal select's value for "no goal": the todos. */
const TODOS = 'todos';

export function ChangeTasksDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "3 tasks.", "3 tasks; the habit keeps what it has." */
  description: string;
  onChange: (changes: TaskChanges) => void;
}) {
  return useOpenedOnce(props.open) ? <OpenedChangeTasksDialog {...props} /> : null;
}

function OpenedChangeTasksDialog({
  open,
  onOpenChange,
  description,
  onChange,
}: Parameters<typeof ChangeTasksDialog>[0]) {
  const id = useId();
  const [priority, setPriority] = useState(KEEP);
  const [goal, setGoal] = useState(KEEP);
  const { data: goals = [] } = useGoals(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosenGoal = goals.find((candidate) => candidate.id === goal);
    const changes: TaskChanges = {
      ...(priority === KEEP ? {} : { priority: Number(priority) as Priority }),
      ...(goal === KEEP
        ? {}
        : goal === TODOS
          ? { goal: { id: null, title: 'Todos' } }
          : chosenGoal
            ? { goal: { id: chosenGoal.id, title: chosenGoal.title } }
            : {}),
    };
    onOpenChange(false);
    if (Object.keys(changes).length > 0) onChange(changes);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change tasks</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-priority`}>Priority</Label>
            <Select
              id={`${id}-priority`}
              value={priority}
              onChange={(event) => setPriority(event.target.value)}
            >
              <option value={KEEP}>Leave as it is</option>
              {[...PRIORITIES].reverse().map((value) => (
                <option key={value} value={String(value)}>
                  {PRIORITY_WORDS[value] ?? 'None'}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-goal`}>Goal</Label>
            <Select id={`${id}-goal`} value={goal} onChange={(event) => setGoal(event.target.value)}>
              <option value={KEEP}>Leave as it is</option>
              <option value={TODOS}>No goal (regular task)</option>
              {goals
                .filter((candidate) => !candidate.archived)
                .map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.title}
                  </option>
                ))}
            </Select>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Change</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
