import { type ClipboardEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { CHECKLIST_MAX, type ChecklistItem } from '#shared/api/checklist';
import ListPlus from '~icons/lucide/list-plus';
import X from '~icons/lucide/x';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { newId } from '../../../lib/client-id';
import type { SingleItemFormInput } from '../lib/item-form-values';

/** The items of a paste, one per line with words: what pasting several lines adds. */
function pastedLines(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const TOO_MANY = `A checklist holds at most ${CHECKLIST_MAX} items`;

/**
 * A task's "Checklist" in the item dialog (docs/product.md#item-dialog, docs/decisions/049-checklists.md):
 * each item a box to tick, its words to edit and a button to remove it, then a field where Enter adds
 * an item and keeps focus for the next. Pasting several lines there adds one item per line;
 * Alt+ArrowUp and Alt+ArrowDown move the item in focus, as the hint says. Ids are made here, as a new
 * task's is. A blank item is left out of the save.
 */
export function ChecklistField({
  id,
  control,
  errors,
}: {
  id: string;
  control: Control<SingleItemFormInput>;
  errors: FieldErrors<SingleItemFormInput>['checklist'];
}) {
  return (
    <Controller
      control={control}
      name="checklist"
      render={({ field }) => (
        <ChecklistEditor
          id={id}
          items={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          errors={errors}
        />
      )}
    />
  );
}

function ChecklistEditor({
  id,
  items,
  onChange,
  onBlur,
  errors,
}: {
  id: string;
  items: ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
  onBlur: () => void;
  errors: FieldErrors<SingleItemFormInput>['checklist'];
}) {
  const [adding, setAdding] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [moved, setMoved] = useState('');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addField = useRef<HTMLInputElement>(null);
  // The item to focus once the list is drawn again: moved, or next after one removed.
  const focusNext = useRef<string | null>(null);
  useLayoutEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    focusNext.current = null;
    (next === '' ? addField.current : inputs.current.get(next))?.focus();
  });

  const hintId = `${id}-hint`;
  const listError = errors?.message ?? errors?.root?.message;
  const add = (titles: string[]) => {
    const room = CHECKLIST_MAX - items.length;
    const added = titles.slice(0, Math.max(0, room));
    setRefusal(titles.length > added.length ? TOO_MANY : null);
    if (added.length > 0)
      onChange([...items, ...added.map((title) => ({ id: newId(), title, done: false }))]);
  };
  const remove = (index: number) => {
    const after = items[index + 1] ?? items[index - 1];
    focusNext.current = after ? after.id : '';
    setRefusal(null);
    onChange(items.filter((_, at) => at !== index));
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const item = items[index];
    if (!item || to < 0 || to >= items.length) return;
    const next = items.filter((_, at) => at !== index);
    next.splice(to, 0, item);
    focusNext.current = item.id;
    setMoved(`Moved to ${to + 1} of ${items.length}`);
    onChange(next);
  };
  const onItemKey = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? -1 : 1);
    } else if (event.key === 'Enter') {
      // On to the next item, or to the field that adds one: Enter in the list never saves the dialog.
      event.preventDefault();
      const next = items[index + 1];
      (next ? inputs.current.get(next.id) : addField.current)?.focus();
    } else if (event.key === 'Backspace' && event.currentTarget.value === '') {
      event.preventDefault();
      remove(index);
    }
  };
  const onAddKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const title = adding.trim();
    if (title === '') return;
    add([title]);
    if (items.length < CHECKLIST_MAX) setAdding('');
  };
  const onAddPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const lines = pastedLines(event.clipboardData.getData('text'));
    // One line is ordinary pasting into the field.
    if (lines.length < 2) return;
    event.preventDefault();
    add(lines);
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" onBlur={onBlur}>
      <legend className="mb-2 font-medium text-foreground text-sm leading-none">
        Checklist <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      {items.length > 0 && (
        <ul className="flex flex-col gap-1">
          {items.map((item, index) => {
            const inputId = `${id}-${item.id}`;
            const error = errors?.[index]?.title?.message ?? errors?.[index]?.id?.message;
            const name = item.title.trim() || `item ${index + 1}`;
            return (
              <li key={item.id} className="flex flex-col gap-1">
                <div className="flex items-center gap-1">
                  <span className="inline-flex size-11 shrink-0 items-center justify-center sm:size-10">
                    <Checkbox
                      checked={item.done}
                      onCheckedChange={(checked) =>
                        onChange(
                          items.map((each) => (each === item ? { ...item, done: checked === true } : each)),
                        )
                      }
                      aria-label={`Done: ${name}`}
                    />
                  </span>
                  <Input
                    id={inputId}
                    ref={(element) => {
                      if (element) inputs.current.set(item.id, element);
                      else inputs.current.delete(item.id);
                    }}
                    value={item.title}
                    onChange={(event) =>
                      onChange(
                        items.map((each) => (each === item ? { ...item, title: event.target.value } : each)),
                      )
                    }
                    onKeyDown={(event) => onItemKey(event, index)}
                    autoComplete="off"
                    // An Arabic or Hebrew item aligns right as it is typed, as it will in Execution Mode.
                    dir="auto"
                    aria-label={`Checklist item ${index + 1}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={[error && `${inputId}-error`, hintId].filter(Boolean).join(' ')}
                    className={item.done ? 'text-muted-foreground line-through' : undefined}
                  />
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    aria-label={`Remove ${name}`}
                    className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-foreground/5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:size-10 [&_svg]:size-4"
                  >
                    <X aria-hidden />
                  </button>
                </div>
                <FieldError fieldId={inputId} error={error} />
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex items-center gap-1">
        <span
          aria-hidden
          className="inline-flex size-11 shrink-0 items-center justify-center text-muted-foreground sm:size-10 [&_svg]:size-4.5"
        >
          <ListPlus />
        </span>
        <Input
          id={`${id}-add`}
          ref={addField}
          value={adding}
          onChange={(event) => {
            setAdding(event.target.value);
            setRefusal(null);
          }}
          onKeyDown={onAddKey}
          onPaste={onAddPaste}
          autoComplete="off"
          dir="auto"
          placeholder="Add a checklist item"
          aria-label="Add a checklist item"
          aria-describedby={[refusal && `${id}-add-error`, listError && `${id}-error`, hintId]
            .filter(Boolean)
            .join(' ')}
        />
        {/* The remove buttons' width: the field lines up with the items' fields above it. */}
        <span aria-hidden className="size-11 shrink-0 sm:size-10" />
      </div>
      <FieldError fieldId={`${id}-add`} error={refusal} />
      <FieldError fieldId={id} error={listError} />
      <p id={hintId} className="text-muted-foreground text-xs">
        Enter adds an item; pasting several lines adds one per line. Alt+↑ and Alt+↓ move the item in focus.
      </p>
      {/*
       * Said, not shown: where a moved item went. Not a status role: the dialog's one is its notice. Only
       * while there is something to move, since a live region keeps its dialog in reach of screen readers
       * even under another modal (Radix hides everything else but live regions).
       */}
      {items.length > 1 && (
        <p aria-live="polite" className="sr-only">
          {moved}
        </p>
      )}
    </fieldset>
  );
}
