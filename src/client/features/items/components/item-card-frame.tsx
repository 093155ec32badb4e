import { type MouseEvent, type ReactNode, useContext, useLayoutEffect, useRef } from 'react';
import type { Priority } from '#shared/domain/priority';
import ArrowDown from '~icons/lucide/arrow-down';
import ArrowUp from '~icons/lucide/arrow-up';
import CalendarDays from '~icons/lucide/calendar-days';
import Pencil from '~icons/lucide/pencil';
import SquareCheck from '~icons/lucide/square-check';
import Trash from '~icons/lucide/trash';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuOnDemand,
  DropdownMenuSeparator,
} from '../../../components/ui/dropdown-menu';
import { MaskIcon } from '../../../components/ui/mask-icon';
import { Spinner } from '../../../components/ui/spinner';
import { IconTooltip } from '../../../components/ui/tooltip';
import { useCardActions } from '../../../lib/card-actions';
import { cn } from '../../../lib/cn';
import {
  chooseRange,
  SelectableScreen,
  type SelectedItem,
  selectionKey,
  toggleChosen,
  useSelectableCard,
} from '../lib/selection';
import type { DragHandleProps } from './sortable-list';
import { WholeDescription } from './whole-description';

/** The parts a card gets from a sortable list; spread `SortableItemControls` onto a card. */
export type CardSortProps = {
  dragHandle?: DragHandleProps;
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  isDragging?: boolean;
  /**
   * What the drag handle moves the card by: its place in the list (default; the handle is "Reorder …" and
   * the menu offers "Move up" and "Move down"), or its day on Upcoming (the handle is "Move … to another
   * day", and the menu's "Move to…" is the entry for those who cannot drag).
   */
  movesBy?: 'position' | 'day';
};

export type ItemCardFrameProps = CardSortProps & {
  kind: 'task' | 'habit';
  title: string;
  done: boolean;
  /** Completed normal tasks are struck through and greyed; habits and habit-goal tasks are not. */
  strikeWhenDone: boolean;
  completionPending: boolean;
  onToggleDone: () => void;
  isToday: boolean;
  todayPending: boolean;
  onToggleToday: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Shown as a badge when above 0. */
  completionCount?: number;
  /** Opens the item's history (habits and habit-goal tasks): a menu entry, and the badge becomes a button. */
  onShowHistory?: () => void;
  /** Tinted surface class (goal colour on Today, purple for habits); none: the list's own surface. */
  tint?: string;
  /** The item's description: its first line shows under the title, or all of it with `wholeDescription`. */
  description?: string | null;
  /** Show every line of the description, wrapped (the one item Execution Mode shows). */
  wholeDescription?: boolean;
  /** Extra line under the title, e.g. the goal's name on Today, a task's day. */
  meta?: ReactNode;
  /** The open circle's ring and fill in place of the plain one (a task's priority). */
  circleTone?: string;
  /** Words the accessible name adds after the title: a task's day and repeat ("Tomorrow, Every Monday"). */
  spoken?: string;
  /** Menu entries after Edit and History (a task's "Plan for…"). */
  menuExtra?: ReactNode;
  /** A task's priority set by the keys 1 to 4 (lib/card-actions.ts); habits have none. */
  onSetPriority?: (priority: Priority) => void;
  /** The card as the selection's actions see it, on screens where cards can be chosen (lib/selection.ts). */
  selection?: SelectedItem;
};

/** The words a card's accessible name adds after its title, in the order they show ("Tomorrow, Reminder at 7:30"). */
export function joinSpoken(...parts: Array<string | undefined>): string | undefined {
  const said = parts.filter((part): part is string => Boolean(part));
  return said.length > 0 ? said.join(', ') : undefined;
}

/* cn() does not merge conflicting utilities, so colour and display are added separately below. */
const iconButtonShape =
  'size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg transition-colors hover:bg-foreground/5 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 sm:size-9 [&_svg]:size-4.5';
const quietColors = 'text-muted-foreground hover:text-foreground';
const iconButton = cn('inline-flex', iconButtonShape, quietColors);

/** Shared layout and controls of the task and habit cards (docs/product.md#cards). */
export function ItemCardFrame(props: ItemCardFrameProps) {
  const { title, done, kind } = props;
  const struck = done && props.strikeWhenDone;
  const selection = useContext(SelectableScreen) ? props.selection : undefined;
  const { chosen, selecting } = useSelectableCard(selection);
  const key = selection ? selectionKey(selection) : undefined;
  // j/k focus the card and x, t, e, s, 1 to 4 and Delete call these, the controls' own handlers (lib/card-actions.ts).
  const cardRef = useCardActions({
    toggleDone: () => {
      if (!props.completionPending) props.onToggleDone();
    },
    toggleToday: () => {
      if (!props.todayPending) props.onToggleToday();
    },
    edit: props.onEdit,
    remove: props.onDelete,
    setPriority: props.onSetPriority,
    choose: selection ? () => toggleChosen(selection) : undefined,
  });
  const editButton = useRef<HTMLButtonElement>(null);
  /*
   * A click or tap on the title and the lines under it opens Edit, as a title does in Todoist or Things
   * (docs/product.md#cards, docs/decisions/043-title-opens-edit.md). Pointer only: keyboards and screen
   * readers keep the Edit button, the menu's Edit and `e`, so the text block adds no control of its own.
   */
  const editFromText = (event: MouseEvent<HTMLDivElement>) => {
    // A control inside (the completion badge) keeps its own click.
    const control = event.target instanceof Element ? event.target.closest('a, button, input, label') : null;
    if (control && event.currentTarget.contains(control)) return;
    // While cards are chosen a click chooses; Ctrl or Cmd starts choosing, Shift chooses a range, as a
    // desktop list does (docs/product.md#selecting-several-items).
    if (selection && (selecting || event.ctrlKey || event.metaKey || event.shiftKey)) {
      if (event.shiftKey) chooseRange(selection);
      else toggleChosen(selection);
      return;
    }
    // A drag that selected text was for copying it.
    if (window.getSelection()?.isCollapsed === false) return;
    // The dialog gives focus back to what held it as it opened (components/ui/dialog.tsx), and text
    // holds none: the card's Edit button does, or on phones, where that is hidden, the card's menu.
    const edit = editButton.current;
    const opener =
      edit && getComputedStyle(edit).display !== 'none'
        ? edit
        : event.currentTarget.closest('[data-card]')?.querySelector<HTMLElement>('[aria-haspopup="menu"]');
    opener?.focus({ preventScroll: true });
    props.onEdit();
  };
  return (
    <article
      ref={cardRef}
      aria-label={props.spoken ? `${title}, ${props.spoken}` : title}
      data-card=""
      data-select-key={key}
      data-chosen={chosen || undefined}
      tabIndex={-1}
      className={cn(
        // A flat row on its list's surface; colour marks it only by a soft tint (docs/decisions/020-density.md).
        // Scroll margins keep a card focused by j/k clear of the sticky header and the bottom bar.
        'flex min-h-12 scroll-mt-20 scroll-mb-28 gap-0.5 rounded-md py-0.5 pe-1 transition-[opacity,box-shadow] focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2',
        // A whole description can be many lines: the controls stay beside the title, not its middle.
        props.wholeDescription && props.description ? 'items-start' : 'items-center',
        props.isDragging ? cn('shadow-lg ring-2 ring-ring', props.tint ?? 'bg-card') : props.tint,
        chosen && 'bg-primary/10 ring-2 ring-primary/50 ring-inset',
      )}
    >
      {selecting && selection ? (
        <ChooseBox
          title={title}
          chosen={chosen}
          choose={(range) => (range ? chooseRange(selection) : toggleChosen(selection))}
        />
      ) : props.dragHandle ? (
        <button
          type="button"
          ref={props.dragHandle.ref}
          aria-label={props.movesBy === 'day' ? `Move ${title} to another day` : `Reorder ${title}`}
          className="inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground/70 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
          {...props.dragHandle.attributes}
          {...props.dragHandle.listeners}
        >
          <MaskIcon icon="grip" className="size-4" />
        </button>
      ) : (
        <span className="w-3 shrink-0" />
      )}

      <label
        className={cn(
          'group relative inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full has-focus-visible:outline-2 has-focus-visible:outline-ring',
          props.completionPending && 'cursor-wait',
        )}
      >
        {/* Busy rather than disabled while saving: disabling the focused box would drop focus to the page. */}
        <input
          type="checkbox"
          className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 aria-busy:cursor-wait"
          checked={done}
          onChange={() => {
            if (!props.completionPending) props.onToggleDone();
          }}
          aria-busy={props.completionPending || undefined}
          aria-label={`Complete ${title}`}
        />
        {props.completionPending ? (
          <Spinner className="size-5 text-muted-foreground" />
        ) : (
          <span
            aria-hidden
            className={cn(
              'inline-flex size-6 items-center justify-center rounded-full border-2 transition-colors',
              done
                ? 'border-emerald-600 bg-emerald-600 text-white dark:border-emerald-500 dark:bg-emerald-500 dark:text-emerald-950'
                : cn(
                    'group-hover:border-emerald-600 dark:group-hover:border-emerald-400',
                    props.circleTone ?? 'border-muted-foreground/50',
                  ),
            )}
          >
            {done && <MaskIcon icon="check" className="size-3.5" />}
          </span>
        )}
      </label>

      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; keyboards have Edit, the menu and `e`. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: no role, as no new control: it repeats Edit, or the box while choosing. */}
      <div
        className="flex min-w-0 flex-1 cursor-pointer flex-col gap-0.5 px-1 py-1.5"
        onClick={editFromText}
        // Shift-click chooses a range of cards, not a range of text.
        onMouseDown={(event) => {
          if (key && event.shiftKey) event.preventDefault();
        }}
      >
        <span
          dir="auto"
          className={cn(
            'break-words text-start text-[15px] leading-snug',
            struck ? 'text-muted-foreground line-through decoration-muted-foreground/70' : 'text-foreground',
          )}
        >
          {title}
        </span>
        {props.description && (
          <Description text={props.description} whole={props.wholeDescription ?? false} />
        )}
        {(props.meta || (props.completionCount ?? 0) > 0) && (
          <span className="flex flex-wrap items-center gap-1.5">
            {props.meta}
            {(props.completionCount ?? 0) > 0 &&
              (props.onShowHistory ? (
                <button
                  type="button"
                  onClick={props.onShowHistory}
                  aria-label={`History of ${title}: ${props.completionCount} ${props.completionCount === 1 ? 'day' : 'days'} done`}
                  className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-ring hover:opacity-80"
                >
                  <CompletionBadge count={props.completionCount ?? 0} />
                </button>
              ) : (
                <CompletionBadge count={props.completionCount ?? 0} />
              ))}
          </span>
        )}
      </div>

      <IconTooltip label={props.isToday ? 'Remove from Today' : 'Add to Today'}>
        <button
          type="button"
          onClick={() => {
            if (!props.todayPending) props.onToggleToday();
          }}
          aria-busy={props.todayPending || undefined}
          className={cn(
            'inline-flex aria-busy:cursor-wait',
            iconButtonShape,
            props.isToday
              ? 'text-amber-700 hover:text-amber-800 dark:text-amber-400 dark:hover:text-amber-300'
              : quietColors,
          )}
        >
          {props.todayPending ? (
            <Spinner className="size-4" />
          ) : props.isToday ? (
            <MaskIcon icon="sun" className="size-4.5" />
          ) : (
            <MaskIcon icon="sun-dim" className="size-4.5" />
          )}
        </button>
      </IconTooltip>

      {/* Phones keep the title readable: there, Edit is in the actions menu, and the title opens it. */}
      <IconTooltip label={`Edit ${kind}`}>
        <button
          ref={editButton}
          type="button"
          onClick={props.onEdit}
          className={cn('hidden sm:inline-flex', iconButtonShape, quietColors)}
        >
          <MaskIcon icon="pencil" className="size-4.5" />
        </button>
      </IconTooltip>

      <ItemMenu {...props} onChoose={selection ? () => toggleChosen(selection) : undefined} chosen={chosen} />
    </article>
  );
}

function ItemMenu({
  kind,
  title,
  onMoveUp,
  onMoveDown,
  dragHandle,
  onEdit,
  onShowHistory,
  onDelete,
  menuExtra,
  movesBy = 'position',
  onChoose,
  chosen,
}: ItemCardFrameProps & { onChoose?: () => void; chosen: boolean }) {
  const sortable = dragHandle !== undefined && movesBy === 'position';
  return (
    <DropdownMenuOnDemand
      label={`More actions for ${title}`}
      className={iconButton}
      icon={<MaskIcon icon="more" className="size-4.5" />}
    >
      {() => (
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            Edit {kind}
          </DropdownMenuItem>
          {onShowHistory && (
            <DropdownMenuItem onSelect={onShowHistory}>
              <CalendarDays aria-hidden />
              History
            </DropdownMenuItem>
          )}
          {menuExtra}
          {onChoose && (
            <DropdownMenuItem onSelect={onChoose}>
              <SquareCheck aria-hidden />
              {chosen ? 'Deselect' : 'Select'}
            </DropdownMenuItem>
          )}
          {sortable && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem disabled={!onMoveUp} onSelect={() => onMoveUp?.()}>
                <ArrowUp aria-hidden />
                Move up
              </DropdownMenuItem>
              <DropdownMenuItem disabled={!onMoveDown} onSelect={() => onMoveDown?.()}>
                <ArrowDown aria-hidden />
                Move down
              </DropdownMenuItem>
            </>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={onDelete}>
            <Trash aria-hidden />
            Delete {kind}
          </DropdownMenuItem>
        </DropdownMenuContent>
      )}
    </DropdownMenuOnDemand>
  );
}

/**
 * The box that chooses a card while cards are chosen, in the drag handle's place: a list being chosen
 * from is not reordered. Shift with a click chooses every card from the last one chosen.
 */
function ChooseBox({
  title,
  chosen,
  choose,
}: {
  title: string;
  chosen: boolean;
  choose: (range: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  // The boxes go when the selection ends (Escape, the last one unticked): focus held by this one goes
  // to its card rather than dropping to the page. A layout effect's cleanup runs while it still holds it.
  useLayoutEffect(() => {
    const input = box.current;
    const card = input?.closest<HTMLElement>('[data-card]');
    return () => {
      if (input && input === document.activeElement)
        requestAnimationFrame(() => {
          if (card?.isConnected) card.focus();
        });
    };
  }, []);
  return (
    <label className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md has-focus-visible:outline-2 has-focus-visible:outline-ring">
      <input
        ref={box}
        type="checkbox"
        className="size-4.5 cursor-pointer accent-primary focus-visible:outline-none"
        checked={chosen}
        readOnly
        onClick={(event) => choose(event.shiftKey)}
        aria-label={`Select ${title}`}
      />
    </label>
  );
}

/**
 * A card's description under its title (docs/product.md#cards): its first line with an ellipsis, as
 * Todoist's list shows one, or every line where the card is the one item on screen (WholeDescription).
 */
function Description({ text, whole }: { text: string; whole: boolean }) {
  if (whole) return <WholeDescription key={text} text={text} />;
  const line = firstLine(text);
  if (!line) return null;
  return (
    <span dir="auto" className="truncate text-start text-[13px] text-muted-foreground leading-snug">
      {line}
    </span>
  );
}

/** The first line with text in it: the API trims the whole, not each line. */
function firstLine(text: string): string | undefined {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trim())
    .find((line) => line !== '');
}

/** How many days a habit (or habit-goal task) has been completed (docs/product.md#cards). */
export function CompletionBadge({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 rounded-full bg-orange-100 px-1.5 py-0.5 font-semibold text-orange-800 text-xs tabular-nums dark:bg-orange-500/15 dark:text-orange-300">
      <MaskIcon icon="flame" className="size-3" />
      {count}
      <span className="sr-only"> {count === 1 ? 'completion' : 'completions'}</span>
    </span>
  );
}
