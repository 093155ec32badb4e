import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { BULK_MAX_LINES } from '#shared/api/common';
import { parseBulkLines, readBulkLines } from '#shared/domain/bulk-input';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DialogFooter } from '../../../components/ui/dialog';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { usePersonsDay } from '../../../lib/persons-day';
import { bulkPositions } from '../api/bulk-positions';
import { useCreateHabits } from '../api/create-habit';
import { BulkCreateError } from '../api/create-in-order';
import { useCreateTasks } from '../api/create-task';
import { useGoals } from '../api/get-goals';
import { goalIdFromSelect, NO_GOAL } from '../lib/goal-choice';
import { bulkCreatedToast, type GoalContext, KIND_LABEL } from '../lib/item-kinds';
import { settle } from '../lib/settle';
import { GoalSelect } from './goal-select';

export type BulkItemFormProps = {
  kind: 'task' | 'habit';
  goalContext?: GoalContext;
  defaultIsToday?: boolean;
  /** Called after a successful create, once the form is reset (docs/product.md#dialog-lifecycle). */
  onDone: () => void;
  onCancel: () => void;
};

/** Bulk add (docs/product.md#item-dialog): one item per line, created in the order typed. */
export function BulkItemForm({
  kind,
  goalContext,
  defaultIsToday = false,
  onDone,
  onCancel,
}: BulkItemFormProps) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [goalId, setGoalId] = useState(NO_GOAL);
  const [addToToday, setAddToToday] = useState(defaultIsToday);
  const [preparing, setPreparing] = useState(false);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const createTasks = useCreateTasks();
  const createHabits = useCreateHabits();
  const today = usePersonsDay();
  // The goal select's own list: "#Goal" in a line may name any goal that is not archived.
  const { data: goals = [] } = useGoals(true);
  const titles = parseBulkLines(text);
  const count = titles.length;
  const tooMany = count > BULK_MAX_LINES;
  const pending = preparing || createTasks.isPending || createHabits.isPending;
  const plural = `${KIND_LABEL[kind]}s`;

  const reset = () => {
    setText('');
    setGoalId(NO_GOAL);
    setAddToToday(defaultIsToday);
  };

  const submit = async () => {
    // Nothing is created when no line remains (docs/product.md#form-rules), nor past the line limit.
    if (count === 0 || tooMany) return;
    setFailure(null);
    const fail = (error: unknown) => {
      const saved = error instanceof BulkCreateError ? error.created.length : 0;
      if (saved === 0) return setFailure({ title: `Could not create ${kind}s`, text: errorText(error) });
      // What was saved leaves the box, so pressing Create again posts only the rest.
      setText(titles.slice(saved).join('\n'));
      setFailure({
        title: `Created ${saved} of ${count} ${kind}s; the rest are still in the box`,
        text: errorText(error),
      });
    };
    const done = () => {
      toast(bulkCreatedToast(kind, count));
      reset();
      onDone();
    };
    setPreparing(true);
    let positions: Awaited<ReturnType<typeof bulkPositions>>;
    try {
      positions = await bulkPositions(queryClient, kind, count, addToToday);
    } catch (error) {
      fail(error);
      return;
    } finally {
      setPreparing(false);
    }
    const base = (index: number) => ({
      title: titles[index]!,
      isToday: addToToday,
      sortOrder: positions.sortOrders[index],
      todaySortOrder: positions.todaySortOrders[index],
    });
    if (kind === 'task') {
      const target = goalContext ? goalContext.id : goalIdFromSelect(goalId);
      // Each line is read as quick add reads it (docs/product.md#words-in-quick-add); inside a goal,
      // no line names another.
      const readable = goalContext ? [] : goals.filter((goal) => !goal.archived);
      const lines = await readBulkLines(text, { today, goals: readable });
      const empty = lines.findIndex((line) => line.title === '');
      if (empty >= 0) {
        setFailure({
          title: `Could not create ${kind}s`,
          text: `Line ${empty + 1} (“${lines[empty]?.line}”) has no title left once its day is read: add a few words.`,
        });
        return;
      }
      const inputs = lines.map((line, index) => ({
        ...base(index),
        title: line.title,
        goalId: line.goalId ?? target,
        ...(line.plannedFor ? { plannedFor: line.plannedFor } : {}),
        ...(line.repeat ? { repeat: line.repeat } : {}),
        ...(line.remindAt ? { remindAt: line.remindAt } : {}),
        ...(line.priority ? { priority: line.priority } : {}),
        ...(line.labels.length > 0 ? { labels: line.labels } : {}),
      }));
      settle(createTasks, inputs, { onSuccess: done, onError: fail });
    } else {
      settle(
        createHabits,
        titles.map((_, index) => base(index)),
        { onSuccess: done, onError: fail },
      );
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-lines`}>{plural}</Label>
        <Textarea
          id={`${ids}-lines`}
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={
            kind === 'task'
              ? 'Buy groceries\nCall the bank\nPlan the week'
              : 'Meditate\nStretch\nRead 10 pages'
          }
          aria-describedby={`${ids}-hint`}
          aria-invalid={tooMany || undefined}
        />
        <p
          id={`${ids}-hint`}
          className={tooMany ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}
        >
          {tooMany
            ? `At most ${BULK_MAX_LINES} lines at once: this has ${count}. Add the rest in another go.`
            : `Each line creates a separate ${kind}. They appear in the order you enter them.`}
        </p>
      </div>
      {kind === 'task' && !goalContext && (
        <GoalSelect id={`${ids}-goal`} label="Goal for all tasks" value={goalId} onChange={setGoalId} />
      )}
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox
          id={`${ids}-today`}
          checked={addToToday}
          onCheckedChange={(checked) => setAddToToday(checked === true)}
        />
        <Label htmlFor={`${ids}-today`} className="cursor-pointer">
          Add all to Today
        </Label>
      </div>
      {failure && <InlineFailure title={failure.title} text={failure.text} />}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={count === 0 || tooMany || pending}>
          {pending && <Spinner className="size-4" />}
          {count === 1 ? `Create 1 ${KIND_LABEL[kind]}` : `Create ${count} ${plural}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
