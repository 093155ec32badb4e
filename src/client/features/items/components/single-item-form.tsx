import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TitleSchema } from '../../../../shared/api/common';
import { GoalColorSchema } from '../../../../shared/api/goals';
import { DEFAULT_GOAL_COLOR } from '../../../../shared/domain/palette';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { notifyError } from '../../../lib/notify-error';
import { useCreateGoal } from '../api/create-goal';
import { useCreateHabit } from '../api/create-habit';
import { useCreateTask } from '../api/create-task';
import { useUpdateGoal } from '../api/update-goal';
import { useUpdateHabit } from '../api/update-habit';
import { useUpdateTask } from '../api/update-task';
import {
  createdToast,
  type EditableItem,
  type GoalContext,
  type ItemKind,
  KIND_LABEL,
  updatedToast,
} from '../lib/item-kinds';
import { settle } from '../lib/settle';
import { ColorGrid as ColorGridField } from './color-grid';
import { GoalSelect, goalIdFromSelect, NO_GOAL } from './goal-select';

/** Only the title has a rule (docs/product.md#form-rules); the others take what the controls allow. */
const SingleItemFormSchema = z.object({
  title: TitleSchema,
  description: z.string(),
  color: GoalColorSchema,
  isHabitGoal: z.boolean(),
  isToday: z.boolean(),
  goalId: z.string(),
});
type SingleItemFormInput = z.input<typeof SingleItemFormSchema>;
type SingleItemFormValues = z.output<typeof SingleItemFormSchema>;

function defaultsFor(item: EditableItem | undefined, defaultIsToday: boolean): SingleItemFormInput {
  const blank: SingleItemFormInput = {
    title: '',
    description: '',
    color: DEFAULT_GOAL_COLOR,
    isHabitGoal: false,
    isToday: defaultIsToday,
    goalId: NO_GOAL,
  };
  if (!item) return blank;
  switch (item.kind) {
    case 'goal':
      return {
        ...blank,
        title: item.goal.title,
        description: item.goal.description ?? '',
        color: item.goal.color,
        isHabitGoal: item.goal.isHabitGoal,
      };
    case 'task':
      return {
        ...blank,
        title: item.task.title,
        isToday: item.task.isToday,
        goalId: item.task.goalId ?? NO_GOAL,
      };
    case 'habit':
      return { ...blank, title: item.habit.title, isToday: item.habit.isToday };
  }
}

export type SingleItemFormProps = {
  kind: ItemKind;
  /** Present when editing; absent when adding. */
  item?: EditableItem;
  goalContext?: GoalContext;
  defaultIsToday?: boolean;
  onDone: () => void;
  onCancel: () => void;
};

/**
 * The one-item form of the dialog, for adding any kind and for editing (docs/product.md#item-dialog).
 * Validated on submit, then again on every change (docs/product.md#form-rules), which is
 * react-hook-form's default pair of modes.
 */
export function SingleItemForm({
  kind,
  item,
  goalContext,
  defaultIsToday = false,
  onDone,
  onCancel,
}: SingleItemFormProps) {
  const ids = useId();
  const form = useForm<SingleItemFormInput, unknown, SingleItemFormValues>({
    resolver: zodResolver(SingleItemFormSchema),
    defaultValues: defaultsFor(item, defaultIsToday),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const createGoal = useCreateGoal();
  const createTask = useCreateTask();
  const createHabit = useCreateHabit();
  const updateGoal = useUpdateGoal();
  const updateTask = useUpdateTask();
  const updateHabit = useUpdateHabit();
  const pending = [createGoal, createTask, createHabit, updateGoal, updateTask, updateHabit].some(
    (mutation) => mutation.isPending,
  );
  const editing = item !== undefined;

  const finish = (message: { title: string; description: string }) => {
    toast(message);
    form.reset();
    onDone();
  };
  const fail = (error: unknown) =>
    notifyError(editing ? `Could not update ${kind}` : `Could not create ${kind}`, error);

  const submit = (values: SingleItemFormValues) => {
    const description = values.description.trim() || null;
    if (item?.kind === 'goal') {
      // Editing a goal sends exactly title, description, color and isHabitGoal
      // (docs/product.md#dialog-lifecycle).
      const changes = {
        title: values.title,
        description,
        color: values.color,
        isHabitGoal: values.isHabitGoal,
      };
      settle(
        updateGoal,
        { id: item.goal.id, changes },
        { onSuccess: () => finish(updatedToast('goal')), onError: fail },
      );
    } else if (item?.kind === 'task') {
      const changes = {
        title: values.title,
        goalId: goalIdFromSelect(values.goalId),
        isToday: values.isToday,
      };
      settle(
        updateTask,
        { id: item.task.id, changes },
        { onSuccess: () => finish(updatedToast('task')), onError: fail },
      );
    } else if (item?.kind === 'habit') {
      const changes = { title: values.title, isToday: values.isToday };
      settle(
        updateHabit,
        { id: item.habit.id, changes },
        { onSuccess: () => finish(updatedToast('habit')), onError: fail },
      );
    } else if (kind === 'goal') {
      const input = {
        title: values.title,
        description,
        color: values.color,
        isHabitGoal: values.isHabitGoal,
      };
      settle(createGoal, input, { onSuccess: () => finish(createdToast('goal')), onError: fail });
    } else if (kind === 'task') {
      // In a goal's context the new task joins that goal whatever the form says
      // (docs/product.md#dialog-lifecycle).
      const goalId = goalContext ? goalContext.id : goalIdFromSelect(values.goalId);
      settle(
        createTask,
        { title: values.title, goalId, isToday: values.isToday },
        { onSuccess: () => finish(createdToast('task')), onError: fail },
      );
    } else {
      settle(
        createHabit,
        { title: values.title, isToday: values.isToday },
        { onSuccess: () => finish(createdToast('habit')), onError: fail },
      );
    }
  };

  const titleError = form.formState.errors.title?.message;
  const titleId = `${ids}-title`;
  const showGoalSelect = kind === 'task' && !goalContext;

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={titleId}>Title</Label>
        <Input
          id={titleId}
          autoComplete="off"
          placeholder={PLACEHOLDERS[kind]}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${titleId}-error` : undefined}
          {...form.register('title')}
        />
        {titleError && (
          <p id={`${titleId}-error`} role="alert" className="font-medium text-destructive text-sm">
            {titleError}
          </p>
        )}
      </div>

      {kind === 'goal' ? (
        <>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${ids}-description`}>
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id={`${ids}-description`}
              rows={3}
              placeholder="What is this goal about?"
              {...form.register('description')}
            />
          </div>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => <ColorGridField value={field.value} onChange={field.onChange} />}
          />
          <Controller
            control={form.control}
            name="isHabitGoal"
            render={({ field }) => (
              <div className="flex items-start justify-between gap-4 rounded-xl border border-border p-3">
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${ids}-habit-goal`}>Habit Goal</Label>
                  <p id={`${ids}-habit-goal-hint`} className="text-muted-foreground text-xs">
                    Tasks in this goal will work like habits with daily resets
                  </p>
                </div>
                <Switch
                  id={`${ids}-habit-goal`}
                  aria-describedby={`${ids}-habit-goal-hint`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              </div>
            )}
          />
        </>
      ) : (
        <>
          <Controller
            control={form.control}
            name="isToday"
            render={({ field }) => (
              <div className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id={`${ids}-today`}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor={`${ids}-today`} className="cursor-pointer">
                  Add to Today
                </Label>
              </div>
            )}
          />
          {showGoalSelect && (
            <Controller
              control={form.control}
              name="goalId"
              render={({ field }) => (
                <GoalSelect id={`${ids}-goal`} label="Goal" value={field.value} onChange={field.onChange} />
              )}
            />
          )}
        </>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner className="size-4" />}
          {submitLabel(kind, editing)}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The Single form of a task or habit reads "Create {type}"; editing, or adding a goal (the form
 * with only the single layout), reads plain "Update" / "Create" (docs/product.md#item-dialog).
 */
function submitLabel(kind: ItemKind, editing: boolean): string {
  if (editing) return 'Update';
  return kind === 'goal' ? 'Create' : `Create ${KIND_LABEL[kind]}`;
}

const PLACEHOLDERS: Record<ItemKind, string> = {
  goal: 'e.g. Run a half marathon',
  task: 'e.g. Book the dentist',
  habit: 'e.g. Drink 8 glasses of water',
};
