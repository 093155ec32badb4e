import { type KeyboardEvent, useDeferredValue, useId, useMemo, useState } from 'react';
import {
  LABEL_RANK,
  matchingChecklistItem,
  matchingLabel,
  matchingLine,
  type SearchEntry,
  type SearchHit,
  type SearchIndex,
  searchIndex,
} from '#shared/domain/search';
import Search from '~icons/lucide/search';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';

export type SearchDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Built once per change of the lists by the caller (buildSearchIndex). */
  index: SearchIndex;
  /** Enter or a click on a result. */
  onPick: (entry: SearchEntry) => void;
  /** Called by the dialog's close once focus is back on its opener (the place to open what was picked). */
  onClosed?: () => void;
};

const KIND_LABEL = { goal: 'Goal', task: 'Task', habit: 'Habit' } as const;

/**
 * Search over every goal, task and habit (docs/product.md#search): a combobox whose list box of
 * results is moved through with the arrow keys while focus stays in the field.
 */
export function SearchDialog({ open, onOpenChange, index, onPick, onClosed }: SearchDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-4 translate-y-0 sm:top-[12vh] sm:max-w-lg"
        onCloseAutoFocus={() => {
          // Dialog gives focus back to the opener right after this.
          queueMicrotask(() => onClosed?.());
        }}
      >
        {open ? <SearchBody index={index} onPick={onPick} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SearchBody({ index, onPick }: Pick<SearchDialogProps, 'index' | 'onPick'>) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const deferredQuery = useDeferredValue(query);
  const hits = useMemo(() => searchIndex(index, deferredQuery), [index, deferredQuery]);
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (hit: SearchHit) => `${id}-${hit.entry.kind}-${hit.entry.id}`;
  const current = hits[Math.min(active, hits.length - 1)];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (hits.length === 0) return;
    const last = hits.length - 1;
    // Home and End stay the field's own (they move the caret), as the combobox pattern has it.
    const next =
      event.key === 'ArrowDown'
        ? active >= last
          ? 0
          : active + 1
        : event.key === 'ArrowUp'
          ? active <= 0
            ? last
            : active - 1
          : undefined;
    const target = next === undefined ? undefined : hits[next];
    if (next !== undefined && target) {
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(target))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      onPick(current.entry);
    }
  };

  const status =
    deferredQuery.trim() === ''
      ? 'Type a title, words from a description or a checklist, or @ and a label.'
      : hits.length === 0
        ? 'No matches.'
        : `${hits.length === 50 ? 'First 50' : hits.length} ${hits.length === 1 ? 'match' : 'matches'}.`;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Search</DialogTitle>
        <DialogDescription>
          Goals, tasks and habits. Arrow keys move, Enter opens, Esc closes.
        </DialogDescription>
      </DialogHeader>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <input
          type="search"
          role="combobox"
          data-autofocus=""
          aria-label="Search goals, tasks and habits"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={current ? optionId(current) : undefined}
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search…"
          // Sides by the page, not by the text (dir="auto"): the icon stays on the left for an Arabic
          // query, and the browser's clear button goes to that side.
          className="min-h-11 w-full rounded-lg border border-input bg-background pl-9 pr-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 sm:text-sm"
        />
      </div>
      <p role="status" className="text-muted-foreground text-sm">
        {status}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        className="-mx-2 flex max-h-[50dvh] flex-col gap-0.5 overflow-y-auto"
      >
        {hits.map((hit) => {
          const selected = hit === current;
          return (
            // Focus stays in the field (aria-activedescendant); a click picks like Enter does.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the field's Enter is the keyboard path
            <div
              key={optionId(hit)}
              id={optionId(hit)}
              role="option"
              tabIndex={-1}
              aria-selected={selected}
              onClick={() => onPick(hit.entry)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm',
                selected ? 'bg-accent text-accent-foreground' : 'hover:bg-foreground/5',
              )}
            >
              <span className="w-12 shrink-0 text-muted-foreground text-xs">
                {KIND_LABEL[hit.entry.kind]}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span dir="auto" className="break-words">
                  {hit.entry.title}
                </span>
                {hit.rank === 3 && hit.entry.description && (
                  <span dir="auto" className="truncate text-muted-foreground text-xs">
                    {matchingLine(hit.entry.description, deferredQuery)}
                  </span>
                )}
                {hit.rank === 4 && hit.entry.checklist && (
                  <span dir="auto" className="truncate text-muted-foreground text-xs">
                    {matchingChecklistItem(hit.entry.checklist, deferredQuery)}
                  </span>
                )}
                {hit.rank === LABEL_RANK && hit.entry.labels && (
                  // The "@" is the app's mark: it stays before an Arabic label, as on the cards.
                  <span dir="ltr" className="truncate text-muted-foreground text-xs">
                    @<bdi>{matchingLabel(hit.entry.labels, deferredQuery)}</bdi>
                  </span>
                )}
              </span>
            </div>
          );
        })}
      </div>
    </>
  );
}
