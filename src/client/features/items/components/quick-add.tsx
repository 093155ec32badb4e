import CornerDownLeft from 'lucide-react/icons/corner-down-left';
import Plus from 'lucide-react/icons/plus';
import { type FormEvent, useId, useRef, useState } from 'react';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { useSaveItem } from '../api/save-item';
import { settle } from '../lib/settle';

export type QuickAddProps = {
  /** The field's name, e.g. "New task on Today", "New task in {goal}", "New todo". */
  label: string;
  /** The goal the new task joins (a goal's section); null for a todo. */
  goalId?: string | null;
  /** Put the new task on Today (the Today screen). */
  isToday?: boolean;
};

/**
 * One line that makes a task on Enter (docs/product.md#quick-add): the field clears at once and keeps
 * focus for the next one; positions come from the server (the end of the list, and of Today). A
 * refusal puts the words back (if the field is still empty) and says why under it.
 */
const loadTitleRules = () => import('#shared/api/common');

export function QuickAdd({ label, goalId = null, isToday = false }: QuickAddProps) {
  const save = useSaveItem();
  const [title, setTitle] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = title;
    if (typed.trim() === '') return;
    // The title rules (and zod with them) load with the first use, not with the screen
    // (docs/decisions/010-first-load-weight.md); focusing the field has usually fetched them already.
    const { TitleSchema } = await loadTitleRules();
    const parsed = TitleSchema.safeParse(typed);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? 'Check the title');
      return;
    }
    setFailure(null);
    setTitle((current) => (current === typed ? '' : current));
    field.current?.focus();
    // Each Enter is its own call (mutateAsync): several typed quickly each report their own outcome.
    settle(
      save,
      { kind: 'task', create: { title: parsed.data, goalId, isToday } },
      {
        onSuccess: () => setAdded(`Added “${parsed.data}”.`),
        onError: (error) => {
          setTitle((current) => (current === '' ? typed : current));
          setFailure(errorText(error));
        },
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-1" noValidate>
      <div className="relative">
        <Plus
          className="-translate-y-1/2 pointer-events-none absolute start-3 top-1/2 size-4 text-muted-foreground"
          aria-hidden
        />
        <input
          ref={field}
          type="text"
          dir="auto"
          enterKeyHint="done"
          autoComplete="off"
          aria-label={label}
          data-quick-add=""
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? `${ids}-failure` : undefined}
          placeholder="Add a task…"
          onFocus={() => void loadTitleRules()}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (failure) setFailure(null);
          }}
          className={cn(
            fieldClasses,
            'min-h-11 border-dashed bg-transparent ps-9 pe-11 shadow-none sm:min-h-10',
          )}
        />
        {/* For a touch keyboard without Enter; hidden (and out of the tab order) while there is nothing to add. */}
        <button
          type="submit"
          aria-label="Save new task"
          className={cn(
            '-translate-y-1/2 absolute end-0 top-1/2 inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:size-10',
            title.trim() === '' && 'invisible',
          )}
        >
          <CornerDownLeft className="size-4" aria-hidden />
        </button>
      </div>
      {failure && (
        <p id={`${ids}-failure`} role="alert" className="px-1 font-medium text-destructive text-sm">
          {failure}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {added}
      </p>
    </form>
  );
}
