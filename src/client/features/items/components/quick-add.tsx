import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import type { QuickAddChip, QuickAddChipKind, QuickAddReading } from '#shared/domain/quick-add-words';
import CornerDownLeft from '~icons/lucide/corner-down-left';
import Plus from '~icons/lucide/plus';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { usePersonsDay } from '../../../lib/persons-day';
import { goalsQueryOptions } from '../api/get-goals';
import { useSaveItem } from '../api/save-item';
import { settle } from '../lib/settle';
import { QuickAddChips } from './quick-add-chips';
import { RemindersOffNoteOnDemand } from './reminders-off-note-on-demand';

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
 *
 * It understands words (docs/product.md#words-in-quick-add): a day, a repeat, a time and "#Goal", shown as
 * chips while typing and taken out of the title. The reader (chrono-node and rrule with it) and the
 * title rules load with the field's first use, not with the screen
 * (docs/decisions/010-first-load-weight.md); focusing the field has usually fetched them already.
 */
const loadTitleRules = () => import('#shared/api/common');
type WordsReader = typeof import('#shared/domain/quick-add-words').readQuickAdd;
let loadedReader: WordsReader | undefined;
const loadReader = (): Promise<WordsReader> =>
  import('#shared/domain/quick-add-words').then((module) => {
    loadedReader = module.readQuickAdd;
    return module.readQuickAdd;
  });

type Dismissed = { kind: QuickAddChipKind; text: string };

export function QuickAdd({ label, goalId = null, isToday = false }: QuickAddProps) {
  const save = useSaveItem();
  const [title, setTitle] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const [dismissed, setDismissed] = useState<Dismissed[]>([]);
  const [reader, setReader] = useState<WordsReader | undefined>(() => loadedReader);
  const [used, setUsed] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const ids = useId();
  const today = usePersonsDay();
  // "#Goal" reads the person's goals; a goal's own field reads none. Asked for once the field is used.
  const goals = useQuery({ ...goalsQueryOptions(false), enabled: used && goalId === null });
  const goalChoices = useMemo(
    () => (goalId === null ? (goals.data ?? []).map(({ id, title }) => ({ id, title })) : []),
    [goals.data, goalId],
  );

  const read = (text: string, words: WordsReader | undefined): QuickAddReading | undefined =>
    words?.(text, { today, goals: goalChoices, dismissed });
  // Read again at every keystroke: chrono takes well under a millisecond for one line.
  const reading = title.trim() === '' ? undefined : read(title, reader);

  const startUsing = () => {
    void loadTitleRules();
    if (!used) setUsed(true);
    if (!reader) void loadReader().then((loaded) => setReader(() => loaded));
  };

  const removeChip = (chip: QuickAddChip) => {
    setDismissed((current) => [...current, { kind: chip.kind, text: chip.text }]);
    field.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = title;
    if (typed.trim() === '') return;
    const { TitleSchema } = await loadTitleRules();
    const words = read(typed, reader ?? (await loadReader()));
    const parsed = TitleSchema.safeParse(words ? words.title : typed);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? 'Check the title');
      return;
    }
    setFailure(null);
    setTitle((current) => (current === typed ? '' : current));
    setDismissed([]);
    field.current?.focus();
    const plan = {
      ...(words?.plannedFor ? { plannedFor: words.plannedFor } : {}),
      ...(words?.repeat ? { repeat: words.repeat } : {}),
      ...(words?.remindAt ? { remindAt: words.remindAt } : {}),
      ...(words?.priority ? { priority: words.priority } : {}),
      ...(words?.labels.length ? { labels: words.labels } : {}),
    };
    // Each Enter is its own call (mutateAsync): several typed quickly each report their own outcome.
    settle(
      save,
      {
        kind: 'task',
        create: { title: parsed.data, goalId: words?.goalId ?? goalId, isToday, ...plan },
      },
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
          onFocus={startUsing}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (event.target.value.trim() === '') setDismissed([]);
            if (failure) setFailure(null);
          }}
          // Sides by the page, not by the text (dir="auto"): the plus stays left and the Enter button
          // right, so a right-to-left title keeps clear of the button.
          className={cn(
            fieldClasses,
            'min-h-11 border-dashed bg-transparent pl-9 pr-11 shadow-none sm:min-h-10',
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
      {reading && <QuickAddChips chips={reading.chips} onRemove={removeChip} />}
      {reading?.remindAt && <RemindersOffNoteOnDemand />}
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
