import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TITLE_MAX } from '#shared/api/common';
import { Button } from '../../../components/ui/button';
import { CharacterCount, nearLimit } from '../../../components/ui/character-count';
import { DialogFooter, focusAtEnd } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { usePersonsDay } from '../../../lib/persons-day';
import { useSaveItem } from '../api/save-item';
import { followTicks, sameChecklistWords } from '../lib/checklist-edits';
import {
  changedFields,
  formDefaults,
  type SingleItemFormInput,
  type SingleItemFormValues,
  saveRequestFor,
  singleItemFormSchema,
} from '../lib/item-form-values';
import {
  createdToast,
  type EditableItem,
  type GoalContext,
  type ItemKind,
  KIND_LABEL,
  updatedToast,
} from '../lib/item-kinds';
import { settle } from '../lib/settle';
import { ChangedElsewhere, DeletedElsewhere } from './changed-elsewhere';
import { ChecklistField } from './checklist-field';
import { DescriptionField } from './description-field';
import { GoalFields } from './goal-fields';
import { LabelsField } from './labels-field';
import { TaskHabitFields } from './task-habit-fields';

export type SingleItemFormProps = {
  kind: ItemKind;
  /**
   * Present when editing; absent when adding. The item as it is now: it may change while the form is
   * open (another device saved it), and the form then keeps its fields and asks.
   */
  item?: EditableItem;
  /** The item being edited was deleted elsewhere while the form was open: it says so and cannot save. */
  gone?: boolean;
  goalContext?: GoalContext;
  defaultIsToday?: boolean;
  onDone: () => void;
  onCancel: () => void;
};

/**
 * The one-item form of the dialog, for adding any kind and for editing (docs/product.md#item-dialog):
 * the title, the description (description-field.tsx), a task's checklist (checklist-field.tsx), its
 * labels (labels-field.tsx, placed after its priority) and the buttons here, each kind's own fields in
 * goal-fields.tsx and task-habit-fields.tsx, what the values become in lib/item-form-values.ts, one
 * save mutation (api/save-item.ts). Validated on submit, then again on every change
 * (docs/product.md#form-rules), which is react-hook-form's default pair of modes.
 */
export function SingleItemForm({
  kind,
  item,
  gone = false,
  goalContext,
  defaultIsToday = false,
  onDone,
  onCancel,
}: SingleItemFormProps) {
  const ids = useId();
  const today = usePersonsDay();
  // `base`: the version the fields came from. `seen`: the latest version the person has answered
  // ("Take the new values" or "Keep mine"); a newer one than that is announced.
  const [base, setBase] = useState(item);
  const [seen, setSeen] = useState(item);
  const form = useForm<SingleItemFormInput, unknown, SingleItemFormValues>({
    resolver: zodResolver(singleItemFormSchema(today)),
    defaultValues: formDefaults(base, defaultIsToday, today),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const save = useSaveItem();
  const editing = item !== undefined;
  const [failure, setFailure] = useState<string | null>(null);
  const titleField = useRef<HTMLInputElement | null>(null);
  // This form's own save comes back through the lists too: it is not news from elsewhere.
  const ownSave = save.isPending || save.isSuccess;
  const changed = item && seen && !gone && !ownSave ? changedFields(seen, item) : [];

  // A checklist tick made elsewhere shows at once on the items the person left alone; it is no edit
  // to announce (lib/checklist-edits.ts).
  useEffect(() => {
    if (base?.kind !== 'task' || item?.kind !== 'task') return;
    const followed = followTicks(
      base.task.checklist ?? [],
      item.task.checklist ?? [],
      form.getValues('checklist'),
    );
    if (!followed) return;
    form.setValue('checklist', followed.edited);
    setBase({ ...base, task: { ...base.task, checklist: followed.base } });
  }, [base, item, form]);

  const answer = (take: boolean) => {
    if (take) {
      form.reset(formDefaults(item, defaultIsToday, today));
      setBase(item);
    } else if (
      base?.kind === 'task' &&
      item?.kind === 'task' &&
      !sameChecklistWords(base.task.checklist ?? [], item.task.checklist ?? [])
    ) {
      // Mine, whole: the list the person sees is saved over new words from elsewhere, as the other
      // fields are (checklistChange sends a list that differs from the one it came from).
      setBase({ ...base, task: { ...base.task, checklist: item.task.checklist ?? [] } });
    }
    setSeen(item);
    // The notice and its buttons go: focus goes on to the Title, not to the page.
    if (titleField.current) focusAtEnd(titleField.current);
  };

  const submit = (values: SingleItemFormValues) => {
    if (gone) return;
    setFailure(null);
    settle(save, saveRequestFor(kind, base, values, goalContext, today, item), {
      onSuccess: () => {
        toast(editing ? updatedToast(kind) : createdToast(kind));
        form.reset();
        onDone();
      },
      onError: (error) => setFailure(errorText(error)),
    });
  };

  const titleError = form.formState.errors.title?.message;
  const titleRegistration = form.register('title');
  const titleId = `${ids}-title`;
  const titleLength = form.watch('title').length;
  const describedBy = [
    titleError && `${titleId}-error`,
    nearLimit(titleLength, TITLE_MAX) && `${titleId}-count`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      {gone && <DeletedElsewhere kind={kind} />}
      {changed.length > 0 && (
        <ChangedElsewhere fields={changed} onTake={() => answer(true)} onKeep={() => answer(false)} />
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={titleId}>Title</Label>
        <Input
          id={titleId}
          // The dialog opens here (components/ui/dialog.tsx): adding and editing both start with the title.
          data-autofocus
          autoComplete="off"
          // An Arabic or Hebrew title aligns right as it is typed, as it will on the cards.
          dir="auto"
          placeholder={PLACEHOLDERS[kind]}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...titleRegistration}
          ref={(element) => {
            titleRegistration.ref(element);
            titleField.current = element;
          }}
        />
        <CharacterCount id={`${titleId}-count`} length={titleLength} max={TITLE_MAX} />
        <FieldError fieldId={titleId} error={titleError} />
      </div>

      <DescriptionField
        id={`${ids}-description`}
        kind={kind}
        register={form.register}
        length={form.watch('description').length}
        error={form.formState.errors.description?.message}
      />

      {kind === 'task' && (
        <ChecklistField
          id={`${ids}-checklist`}
          control={form.control}
          errors={form.formState.errors.checklist}
        />
      )}

      {kind === 'goal' ? (
        <GoalFields idPrefix={ids} control={form.control} />
      ) : (
        <TaskHabitFields
          idPrefix={ids}
          kind={kind}
          control={form.control}
          register={form.register}
          showGoalSelect={kind === 'task' && !goalContext}
          habitSchedule={
            kind === 'habit' ? { kept: base?.kind === 'habit' ? base.habit : undefined } : undefined
          }
          plan={
            kind === 'task'
              ? {
                  today,
                  dateError: form.formState.errors.plannedDate?.message,
                  keptRule: base?.kind === 'task' ? base.task.repeat : null,
                }
              : undefined
          }
          labels={
            kind === 'task' ? (
              <LabelsField
                id={`${ids}-labels`}
                register={form.register}
                setValue={form.setValue}
                text={form.watch('labels')}
                error={form.formState.errors.labels?.message}
              />
            ) : undefined
          }
        />
      )}

      {failure && (
        <InlineFailure
          title={editing ? `Could not update ${kind}` : `Could not create ${kind}`}
          text={failure}
        />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || gone}>
          {save.isPending && <Spinner className="size-4" />}
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
