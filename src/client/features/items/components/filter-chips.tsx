import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type FilterKey,
  type HiddenFilters,
  isShown,
  soloFilter,
  toggleFilter,
} from '#shared/domain/filters';
import type { GoalColor } from '#shared/domain/palette';
import { cn } from '../../../lib/cn';
import { goalColorClasses } from '../lib/goal-colors';

export type FilterChip = {
  key: FilterKey;
  label: string;
  count: number;
  /** Palette colour of the chip's dot: purple for habits, green for todos, the goal's own. */
  color: GoalColor;
};

export type FilterChipsProps = {
  chips: readonly FilterChip[];
  hidden: HiddenFilters;
  onChange: (hidden: HiddenFilters) => void;
  label?: string;
};

/**
 * Filter chips (docs/product.md#filter-chips): a click toggles a chip, a double-click shows only that one.
 * The browser fires two clicks before the double-click; they cancel out, then the double-click sets
 * the solo state.
 */
export function FilterChips({ chips, hidden, onChange, label = 'Show:' }: FilterChipsProps) {
  const keys = chips.map((chip) => chip.key);
  const { ref, onScroll, fade } = useScrollFade(chips.length);
  if (chips.length === 0) return null;
  return (
    <fieldset className="flex min-w-0 items-center gap-2 sm:items-start">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden className="shrink-0 font-medium text-muted-foreground text-xs sm:mt-2.5">
        {label}
      </span>
      {/* One row that scrolls sideways on phones: wrapped, five goals' chips took half the screen
          before the first item. From sm up they wrap, since a row there holds several. */}
      <div
        ref={ref}
        onScroll={onScroll}
        className={cn(
          '-my-1 flex min-w-0 flex-1 gap-1.5 px-0.5 py-1 max-sm:overflow-x-auto max-sm:overscroll-x-contain sm:flex-wrap',
          FADE_CLASSES[fade],
        )}
        title="Click to show or hide; double-click to show only this one"
      >
        {chips.map((chip) => {
          const shown = isShown(hidden, chip.key);
          return (
            <button
              key={chip.key}
              type="button"
              aria-pressed={shown}
              onClick={() => onChange(toggleFilter(hidden, chip.key))}
              onDoubleClick={() => onChange(soloFilter(hidden, chip.key, keys))}
              className={cn(
                'inline-flex min-h-11 max-w-full shrink-0 cursor-pointer select-none items-center gap-1.5 rounded-full border px-3 font-medium text-xs sm:min-h-9 transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                shown
                  ? 'border-foreground/15 bg-card text-foreground shadow-xs'
                  : 'border-dashed border-border bg-transparent text-muted-foreground line-through decoration-muted-foreground/60',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'size-2 shrink-0 rounded-full',
                  goalColorClasses(chip.color).preview,
                  !shown && 'opacity-40',
                )}
              />
              <span className="truncate">{chip.label}</span>
              <span
                className={cn(
                  'rounded-full px-1.5 text-[11px] tabular-nums',
                  shown ? 'bg-muted text-muted-foreground' : 'text-muted-foreground',
                )}
              >
                {chip.count}
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/* The edge where more chips wait fades out, so a row that scrolls says so (phones only: wider screens wrap). */
const FADE_CLASSES = {
  none: '',
  end: 'max-sm:[mask-image:linear-gradient(to_right,black_80%,transparent)]',
  start: 'max-sm:[mask-image:linear-gradient(to_left,black_80%,transparent)]',
  both: 'max-sm:[mask-image:linear-gradient(to_right,transparent,black_15%,black_85%,transparent)]',
} as const;

/** Which edges of a sideways-scrolling row hide more content, kept current on scroll and resize. */
function useScrollFade(itemCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [fade, setFade] = useState<keyof typeof FADE_CLASSES>('none');
  const onScroll = useCallback(() => {
    const row = ref.current;
    if (!row) return;
    // scrollLeft is negative in right-to-left pages; its size is what has been scrolled past.
    const before = Math.abs(row.scrollLeft) > 1;
    const after = Math.abs(row.scrollLeft) + row.clientWidth < row.scrollWidth - 1;
    setFade(before && after ? 'both' : after ? 'end' : before ? 'start' : 'none');
  }, []);
  // Measured once the browser has laid the row out, never in the middle of drawing a screen: reading
  // its sizes right after the chips were added made the browser lay out the whole page there and then
  // (100-200 ms of the first paint's work on Lighthouse's slowed phone, docs/decisions/010-first-load-weight.md).
  // A new observation reports once; after that the row reports its own size changes (a turned phone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: observed again when the chips change.
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const sizes = new ResizeObserver(onScroll);
    sizes.observe(row);
    return () => sizes.disconnect();
  }, [onScroll, itemCount]);
  return { ref, onScroll, fade };
}
