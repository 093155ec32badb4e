import { type FormEvent, useId, useState } from 'react';
import { LABELS_COUNT_MESSAGE, LABELS_MAX, labelFault, labelsFromText } from '#shared/domain/labels';
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
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LABEL_WORDS_INPUT } from '../../../components/ui/label-words-input';
import { Select } from '../../../components/ui/select';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useGoals } from '../api/get-goals';
import type { TaskChanges } from '../api/selection-actions';

/*
 * "Change…" of a selection (docs/product.md#selecting-several-items): a priority, a goal and labels to
 * add for every chosen task at once, each left as the tasks have it unless given.
 */

/** The select's value for "leave as each task has it". */
const KEEP = 'keep';
/** The goal select's value for "no goal": the todos. */
const TODOS = 'todos';

/** The labels line's fault, by the API's rules, naming the word at fault; undefined when it has none. */
function labelsFault(labels: readonly string[]): string | undefined {
  for (const label of labels) {
    const fault = labelFault(label);
    if (fault) return `“${label}”: ${fault}`;
  }
  return labels.length > LABELS_MAX ? LABELS_COUNT_MESSAGE : undefined;
}

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
  const [labelsLine, setLabelsLine] = useState('');
  const [labelsError, setLabelsError] = useState<string | undefined>();
  const { data: goals = [] } = useGoals(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const labels = labelsFromText(labelsLine);
    const fault = labelsFault(labels);
    if (fault) {
      setLabelsError(fault);
      return;
    }
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
      ...(labels.length > 0 ? { addLabels: labels } : {}),
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
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-labels`}>
              Add labels <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id={`${id}-labels`}
              {...LABEL_WORDS_INPUT}
              placeholder="errands calls"
              value={labelsLine}
              aria-invalid={labelsError ? true : undefined}
              aria-describedby={[labelsError && `${id}-labels-error`, `${id}-labels-hint`]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => {
                setLabelsLine(event.target.value);
                setLabelsError(undefined);
              }}
            />
            <p id={`${id}-labels-hint`} className="text-muted-foreground text-xs">
              One word each, separated by spaces; each task keeps its own
            </p>
            <FieldError fieldId={`${id}-labels`} error={labelsError} />
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
