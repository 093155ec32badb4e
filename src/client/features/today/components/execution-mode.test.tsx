import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { useExecution } from '../hooks/use-execution';
import { isTodayItemCompleted, mergeTodayItems, type TodayItem, todayItemTitle } from '../lib/today-items';
import { goalSummary, todayHabit, todayTask } from '../testing/today-factories';
import { ExecutionMode } from './execution-mode';

function complete(item: TodayItem): TodayItem {
  if (item.kind === 'habit') return { ...item, habit: { ...item.habit, completedToday: true } };
  return item.task.goal?.isHabitGoal
    ? { ...item, task: { ...item.task, completedToday: true } }
    : { ...item, task: { ...item.task, completed: true } };
}

/** The Today screen in miniature: the route composes the same hook and view with real cards. */
function Harness({ initial }: { initial: TodayItem[] }) {
  const [items, setItems] = useState(initial);
  const execution = useExecution(items);
  if (!execution.run) {
    return (
      <button type="button" onClick={execution.start}>
        Execute Mode
      </button>
    );
  }
  return (
    <ExecutionMode
      execution={execution}
      renderItem={(item) => (
        <article aria-label="Current item">
          <h2>{todayItemTitle(item)}</h2>
          {isTodayItemCompleted(item) ? <p>Done</p> : null}
          <label>
            <input type="checkbox" />A step
          </label>
          <input type="text" aria-label="Words" />
          <button
            type="button"
            onClick={() =>
              setItems((list) => list.map((entry) => (entry.key === item.key ? complete(entry) : entry)))
            }
          >
            Complete {todayItemTitle(item)}
          </button>
        </article>
      )}
    />
  );
}

function renderHarness(items: TodayItem[]) {
  return renderWithProviders(<Harness initial={items} />);
}

const currentTitle = () =>
  within(screen.getByRole('article', { name: 'Current item' })).getByRole('heading').textContent;
const timer = () => screen.getByTestId('execution-timer').textContent;
const progress = () => screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow');
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T09:00:00Z'));
});

describe('Execution Mode', () => {
  const three = () =>
    mergeTodayItems({
      tasks: [
        todayTask('Write intro', 0),
        todayTask('Email Sam', 2, { completed: true }),
        todayTask('Plan week', 3),
      ],
      habits: [todayHabit('Stretch', 1)],
    });

  it('starts at the first uncompleted item with the documented texts', () => {
    renderHarness(three());
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Execution Mode' })).toHaveFocus();
    expect(currentTitle()).toBe('Write intro');
    expect(screen.getByText('3 remaining')).toBeInTheDocument();
    expect(timer()).toBe('0:00');
    expect(progress()).toBe('0');
    expect(screen.getByText('Use arrow buttons above or complete item to advance')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
  });

  it('ticks every second in m:ss and resets the timer on each item', () => {
    renderHarness(three());
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    advance(999);
    expect(timer()).toBe('0:00');
    advance(1);
    expect(timer()).toBe('0:01');
    advance(64_000);
    expect(timer()).toBe('1:05');

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(currentTitle()).toBe('Stretch');
    expect(timer()).toBe('0:00');
    advance(1_000);
    expect(timer()).toBe('0:01');
  });

  it('arrows skip completed items and are enabled only when there is somewhere to go', () => {
    renderHarness(three());
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    // "Email Sam" is already done, so Next goes from Stretch straight to Plan week.
    expect(currentTitle()).toBe('Plan week');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(currentTitle()).toBe('Stretch');
  });

  it('left and right arrow keys move like the buttons', () => {
    renderHarness(three());
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(currentTitle()).toBe('Stretch');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(currentTitle()).toBe('Write intro');
    // A checkbox (a checklist item, the card's circle) takes Space, never the arrows; a text field keeps them.
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'A step' }), { key: 'ArrowRight' });
    expect(currentTitle()).toBe('Stretch');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Words' }), { key: 'ArrowLeft' });
    expect(currentTitle()).toBe('Stretch');
  });

  it('Escape leaves the run, unless something else took it first', () => {
    renderHarness(three());
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    // An Escape a menu or dialog already handled (and marked so) is not also an Exit.
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    act(() => {
      document.body.dispatchEvent(handled);
    });
    expect(screen.getByRole('heading', { name: 'Execution Mode' })).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('heading', { name: 'Execution Mode' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Execute Mode' })).toBeInTheDocument();
  });

  it('completing waits 800 ms, advances, and ends with "All done!"', () => {
    renderHarness(three());
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));

    fireEvent.click(screen.getByRole('button', { name: 'Complete Write intro' }));
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nice! Moving on…');
    expect(screen.getByText('2 remaining')).toBeInTheDocument();
    expect(progress()).toBe('33');
    advance(799);
    expect(currentTitle()).toBe('Write intro');
    advance(1);
    expect(currentTitle()).toBe('Stretch');
    expect(screen.getByRole('status')).toHaveTextContent('');

    fireEvent.click(screen.getByRole('button', { name: 'Complete Stretch' }));
    advance(800);
    expect(currentTitle()).toBe('Plan week');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Plan week' }));
    expect(progress()).toBe('100');
    advance(800);

    expect(screen.queryByRole('heading', { name: 'Execution Mode' })).not.toBeInTheDocument();
    expect(screen.getByText('🎉 All done!')).toBeInTheDocument();
    expect(screen.getByText("You've completed all your today items. Great work!")).toBeInTheDocument();
  });

  it('habit-goal tasks count as done by completedToday', () => {
    const habitGoal = goalSummary('Run a 10k', { isHabitGoal: true });
    renderHarness(
      mergeTodayItems({
        tasks: [
          todayTask('Intervals', 0, { goal: habitGoal, completedToday: true, completed: false }),
          todayTask('Long run', 1, { goal: habitGoal }),
        ],
        habits: [],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    expect(currentTitle()).toBe('Long run');
    expect(screen.getByText('1 remaining')).toBeInTheDocument();
  });

  it('says so when every item is already completed', () => {
    renderHarness(mergeTodayItems({ tasks: [todayTask('Done', 0, { completed: true })], habits: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    expect(screen.queryByRole('heading', { name: 'Execution Mode' })).not.toBeInTheDocument();
    expect(screen.getByText('No items to execute')).toBeInTheDocument();
    expect(screen.getByText('All your today items are already completed!')).toBeInTheDocument();
  });

  it('Exit resets everything: a new run starts fresh', () => {
    renderHarness(three());
    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    advance(5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(screen.queryByRole('heading', { name: 'Execution Mode' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Execute Mode' }));
    expect(currentTitle()).toBe('Write intro');
    expect(timer()).toBe('0:00');
  });
});
