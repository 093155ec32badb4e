import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { ItemHistory } from '#shared/api/history';
import { addDays, type Day, daysBetween } from '#shared/domain/days';
import type { GoalColor } from '#shared/domain/palette';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import type { HistoryItemKind } from '../api/get-history';
import { useSetDayDone } from '../api/set-day-done';
import { goalColorClasses } from '../lib/goal-colors';
import { calendarLayout, dayName } from '../lib/history-calendar';

/**
 * What the history dialog shows once the record has come: the streaks and counts, and the calendar.
 * A chunk of its own, fetched when a history dialog opens, not with the screen
 * (docs/decisions/010-first-load-weight.md).
 */
export function HistoryRecord(props: {
  history: ItemHistory;
  kind: HistoryItemKind;
  id: string;
  color: GoalColor;
}) {
  return (
    <>
      <HistoryStats history={props.history} />
      <HistoryCalendar {...props} />
    </>
  );
}

const dayCount = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function HistoryStats({ history }: { history: ItemHistory }) {
  const stats = [
    ['Current streak', dayCount(history.currentStreak)],
    ['Best streak', dayCount(history.bestStreak)],
    ['Last 7 days', String(history.last7)],
    ['Last 30 days', String(history.last30)],
    ['Last 365 days', String(history.last365)],
  ] as const;
  return (
    // Phones: the two streaks on one row, the three counts on the next; one row from sm up.
    <dl className="grid grid-cols-6 gap-2 sm:grid-cols-5">
      {stats.map(([label, value], index) => (
        <div
          key={label}
          className={cn(
            'rounded-xl border border-border px-3 py-2 sm:col-span-1',
            index < 2 ? 'col-span-3' : 'col-span-2',
          )}
        >
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="font-semibold text-lg tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const WEEKDAY_LABELS = ['Mon', '', 'Wed', '', 'Fri', '', 'Sun'];
/** Arrow keys move a day up or down and a week sideways, as the calendar is drawn. */
const STEPS: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };

function HistoryCalendar({
  history,
  kind,
  id,
  color,
}: {
  history: ItemHistory;
  kind: HistoryItemKind;
  id: string;
  color: GoalColor;
}) {
  const setDay = useSetDayDone();
  const [pendingDay, setPendingDay] = useState<Day | undefined>();
  // Said inside the sheet: a toast at the top of a phone would cover its title and close button.
  const [failure, setFailure] = useState<string | null>(null);
  // One day is in the tab order (today at first); the arrow keys move between days.
  const [focusDay, setFocusDay] = useState<Day>(history.today);
  const scroller = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<Day, HTMLButtonElement>());
  // The calendar ends today: later days cannot be done yet.
  const to = daysBetween(history.today, history.to) > 0 ? history.today : history.to;
  const layout = calendarLayout(history.from, to);
  const done = new Set(history.days);
  const colors = goalColorClasses(color);

  // Phones show a few weeks at a time: start with the current week in view.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);

  const editable = (day: Day) => day >= history.editableFrom && day <= history.today;
  const toggle = (day: Day) => {
    if (!editable(day) || setDay.isPending) return;
    setPendingDay(day);
    setFailure(null);
    setDay.mutate(
      { kind, id, day, done: !done.has(day) },
      {
        onError: (error) => setFailure(errorText(error)),
        onSettled: () => setPendingDay(undefined),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const step = STEPS[event.key];
    if (step === undefined) return;
    const next = addDays(focusDay, step);
    const button = buttons.current.get(next);
    if (!button) return;
    event.preventDefault();
    setFocusDay(next);
    button.focus();
  };

  return (
    <section aria-label="Last 12 months" className="flex flex-col gap-2">
      {failure && (
        <InlineFailure
          title={kind === 'habit' ? 'Could not update habit' : 'Could not update task'}
          text={failure}
        />
      )}
      <div ref={scroller} className="overflow-x-auto pb-2">
        {/* Room for today's ring, which the scrolling box would clip. */}
        <div className="flex w-max gap-1.5 p-1">
          {/* The weekday names stay in view while the weeks scroll under them. */}
          <div aria-hidden className="sticky left-0 z-10 flex flex-col gap-1 bg-card pr-1 sm:gap-0.5">
            <span className="h-4 text-xs" />
            {WEEKDAY_LABELS.map((label, row) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows; several labels are blank.
                key={row}
                className="flex h-6 items-center text-[10px] text-muted-foreground leading-none sm:h-3"
              >
                {label}
              </span>
            ))}
          </div>
          <div className="flex flex-col gap-1 [--cell-step:1.75rem] sm:gap-0.5 sm:[--cell-step:0.875rem]">
            <div aria-hidden className="relative h-4">
              {layout.months.map((month) => (
                <span
                  key={`${month.column}-${month.label}`}
                  className="absolute top-0 text-[10px] text-muted-foreground leading-4"
                  style={{ left: `calc(${month.column} * var(--cell-step))` }}
                >
                  {month.label}
                </span>
              ))}
            </div>
            <fieldset
              onKeyDown={onKeyDown}
              className="m-0 grid min-w-0 grid-flow-col grid-rows-7 gap-1 border-0 p-0 sm:gap-0.5"
              style={{ gridTemplateColumns: `repeat(${layout.columns}, auto)` }}
            >
              <legend className="sr-only">
                Days done, {dayName(history.from)} to {dayName(to)}
              </legend>
              {layout.cells.map((cell) => {
                const isDone = done.has(cell.day);
                const canChange = editable(cell.day);
                const isToday = cell.day === history.today;
                return (
                  <button
                    key={cell.day}
                    ref={(element) => {
                      if (element) buttons.current.set(cell.day, element);
                      else buttons.current.delete(cell.day);
                    }}
                    type="button"
                    tabIndex={cell.day === focusDay ? 0 : -1}
                    style={{ gridColumnStart: cell.column + 1, gridRowStart: cell.row + 1 }}
                    aria-label={`${dayName(cell.day)}${isToday ? ' (today)' : ''}, ${isDone ? 'done' : 'not done'}${canChange ? '' : ', cannot be changed'}`}
                    aria-disabled={!canChange || undefined}
                    aria-busy={pendingDay === cell.day || undefined}
                    title={dayName(cell.day)}
                    onFocus={() => setFocusDay(cell.day)}
                    onClick={() => toggle(cell.day)}
                    className={cn(
                      'size-6 rounded-[5px] focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1 sm:size-3 sm:rounded-[3px]',
                      isDone ? colors.preview : 'bg-foreground/10',
                      canChange ? 'cursor-pointer hover:opacity-80' : 'cursor-not-allowed opacity-40',
                      isToday && 'ring-2 ring-foreground/60 ring-offset-1 ring-offset-card',
                      pendingDay === cell.day && 'animate-loading-pulse',
                    )}
                  />
                );
              })}
            </fieldset>
          </div>
        </div>
      </div>
      {/* A habit brought from another app or from paper is given its past here (docs/decisions/031-a-habits-past.md). */}
      <p className="text-muted-foreground text-xs">
        Days from {dayName(history.editableFrom)} to today can be changed, also those before you added it.
      </p>
    </section>
  );
}
