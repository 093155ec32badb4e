import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { api as contract, queryKeyOf } from '#shared/api/contract';
import { GOAL_COLORS } from '#shared/domain/palette';
import { PersonsDayContext } from '../../../lib/persons-day';
import { installFakeApi, on, type RecordedRequest } from '../../../testing/fake-api';
import { fakePushBrowser } from '../../../testing/fake-push-browser';
import { createTestQueryClient, renderWithProviders } from '../../../testing/render';
import { makeGoal, makeHabit, makeTask } from '../testing/factories';
import { ItemDialog, type ItemDialogProps } from './item-dialog';

/** Every create carries an id the browser chose, so a retry cannot make a second item. */
const CLIENT_ID = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
);

const fitness = makeGoal({ title: 'Fitness', color: 'emerald' });
const work = makeGoal({ title: 'Work', color: 'indigo' });

/** The fake server: two goals, some existing tasks/habits/today items, and creates that echo back. */
function fakeServer() {
  const created = (request: RecordedRequest, make: typeof makeTask | typeof makeHabit | typeof makeGoal) => ({
    status: 201,
    body: make(request.body as object),
  });
  return installFakeApi(
    on('GET', '/api/goals?showArchived=true', () => ({ body: [fitness, work] })),
    on('GET', '/api/tasks', () => ({ body: [makeTask({ sortOrder: 4 }), makeTask({ sortOrder: 9 })] })),
    on('GET', '/api/habits', () => ({ body: [makeHabit({ sortOrder: 2 })] })),
    on('GET', '/api/today', () => ({
      body: {
        tasks: [{ ...makeTask({ isToday: true, todaySortOrder: 7 }), goal: null }],
        habits: [makeHabit({ todaySortOrder: 3 })],
      },
    })),
    on('POST', '/api/tasks', (request) => created(request, makeTask)),
    on('POST', '/api/habits', (request) => created(request, makeHabit)),
    on('POST', '/api/goals', (request) => created(request, makeGoal)),
    on('PATCH', /^\/api\/tasks\//, (request) => ({ body: makeTask(request.body as object) })),
    on('PATCH', /^\/api\/habits\//, (request) => ({ body: makeHabit(request.body as object) })),
    on('PATCH', /^\/api\/goals\//, (request) => ({ body: makeGoal(request.body as object) })),
  );
}

function openDialog(props: Partial<ItemDialogProps> = {}) {
  const onOpenChange = vi.fn();
  const view = renderWithProviders(<ItemDialog open onOpenChange={onOpenChange} mode="add" {...props} />);
  return { ...view, onOpenChange, dialog: screen.getByRole('dialog') };
}

describe('ItemDialog when adding', () => {
  it('shows the Item Type picker with the three kinds, task chosen, and the Single and Bulk tabs', () => {
    fakeServer();
    const { dialog } = openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Add New Item' })).toBeInTheDocument();
    // The dialog is "small" (docs/product.md#item-dialog).
    expect(dialog).toHaveClass('max-w-sm');
    const picker = within(dialog).getByRole('group', { name: 'Item Type' });
    expect(
      within(picker)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['goal', 'task', 'habit']);
    expect(within(picker).getByText('A container for multiple tasks')).toBeInTheDocument();
    expect(within(picker).getByText('A single actionable item')).toBeInTheDocument();
    expect(within(picker).getByText('A recurring behavior to track')).toBeInTheDocument();
    expect(within(picker).getByRole('radio', { name: /Task/ })).toBeChecked();
    expect(within(dialog).getByRole('tab', { name: 'Single' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Bulk' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Add to Today' })).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Goal' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Task' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('hides the picker with a preset type, and offers no goal select for habits', () => {
    fakeServer();
    const { dialog } = openDialog({ presetType: 'habit' });
    expect(within(dialog).queryByRole('group', { name: 'Item Type' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Goal' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Habit' })).toBeInTheDocument();
  });

  it('shows the goal fields without tabs when Goal is picked: description, 21 colours in 7 columns, habit switch', async () => {
    fakeServer();
    const { dialog, user } = openDialog();
    await user.click(within(dialog).getByText('A container for multiple tasks'));
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Description/)).toHaveAttribute('rows', '3');
    const colours = within(dialog).getByRole('group', { name: 'Color Theme' });
    const swatches = within(colours).getAllByRole('radio');
    expect(swatches.map((swatch) => swatch.getAttribute('value'))).toEqual([...GOAL_COLORS]);
    expect(within(colours).getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(swatches[0]!.closest('.grid')).toHaveClass('grid-cols-7');
    expect(within(dialog).getByRole('switch', { name: 'Habit Goal' })).toHaveAccessibleDescription(
      'Tasks in this goal will work like habits with daily resets',
    );
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  it('says "Title is required" on submit, then re-validates on every change', async () => {
    const api = fakeServer();
    const { dialog, user } = openDialog();
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await user.type(title, 'R');
    await waitFor(() => expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument());
    await user.clear(title);
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    // Spaces only are still no title.
    await user.type(title, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('creates a task with the chosen goal and Today flag, toasts, and closes', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Book the dentist ');
    const goalSelect = within(dialog).getByRole('combobox', { name: 'Goal' });
    await within(goalSelect).findByRole('option', { name: 'Work' });
    await user.selectOptions(goalSelect, 'Work');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add to Today' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/tasks',
        body: { id: CLIENT_ID, title: 'Book the dentist', goalId: work.id, isToday: true },
      },
    ]);
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    expect(screen.getByText('Your task has been created successfully.')).toBeInTheDocument();
  });

  it('creates a goal with its colour, description and habit flag', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'goal' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Morning routine');
    await user.type(within(dialog).getByLabelText(/Description/), 'Start the day well');
    await user.click(within(dialog).getByRole('radio', { name: 'Amber' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Habit Goal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/goals',
        body: {
          id: CLIENT_ID,
          title: 'Morning routine',
          description: 'Start the day well',
          color: 'amber',
          isHabitGoal: true,
        },
      },
    ]);
    expect(await screen.findByText('Goal created')).toBeInTheDocument();
    expect(screen.getByText('Your goal has been created successfully.')).toBeInTheDocument();
  });

  it('creates a habit, preset to Today when the dialog says so', async () => {
    const api = fakeServer();
    const { dialog, user } = openDialog({ presetType: 'habit', defaultIsToday: true });
    expect(within(dialog).getByRole('checkbox', { name: 'Add to Today' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Stretch');
    await user.click(within(dialog).getByRole('button', { name: 'Create Habit' }));
    expect(await screen.findByText('Habit created')).toBeInTheDocument();
    expect(screen.getByText('Your habit has been created successfully.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/habits', body: { id: CLIENT_ID, title: 'Stretch', isToday: true } },
    ]);
  });

  it('inside a goal: shows the banner, hides the goal select, and attaches the task to that goal', async () => {
    const api = fakeServer();
    const { dialog, user } = openDialog({ goal: { id: fitness.id, title: 'Fitness' } });
    expect(within(dialog).getByText(/Adding to goal:/)).toHaveTextContent('Adding to goal: Fitness');
    expect(within(dialog).queryByRole('group', { name: 'Item Type' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Goal' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Stretch');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      id: CLIENT_ID,
      title: 'Stretch',
      goalId: fitness.id,
      isToday: false,
    });
  });
});

/** A dialog that can be opened again after it closes itself. */
function Reopenable() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open again
      </button>
      <ItemDialog open={open} onOpenChange={setOpen} mode="add" presetType="task" />
    </>
  );
}

describe('ItemDialog bulk tab', () => {
  it('counts the non-blank lines in the button, disabled while blank', async () => {
    fakeServer();
    const { dialog, user } = openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Bulk' }));
    expect(within(dialog).getByText(/Each line creates a separate task/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create 0 Tasks' })).toBeDisabled();
    const box = within(dialog).getByRole('textbox', { name: 'Tasks' });
    await user.type(box, '{Enter}   {Enter}');
    expect(within(dialog).getByRole('button', { name: 'Create 0 Tasks' })).toBeDisabled();
    await user.type(box, 'One');
    expect(within(dialog).getByRole('button', { name: 'Create 1 Task' })).toBeEnabled();
    await user.type(box, '{Enter}{Enter}  Two  {Enter}Three{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Create 3 Tasks' })).toBeEnabled();
  });

  it('creates the lines in order after the current maximums, with "Add all to Today", then resets and closes', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'habit' });
    await user.click(within(dialog).getByRole('tab', { name: 'Bulk' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Habits' }),
      'Zeta{Enter}{Enter} Alpha {Enter}Mid',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add all to Today' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 Habits' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    // Habits' max sortOrder is 2; Today's max todaySortOrder is 7 (a task), so new ones go 8, 9, 10.
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/habits',
        body: { id: CLIENT_ID, title: 'Zeta', isToday: true, sortOrder: 3, todaySortOrder: 8 },
      },
      {
        method: 'POST',
        path: '/api/habits',
        body: { id: CLIENT_ID, title: 'Alpha', isToday: true, sortOrder: 4, todaySortOrder: 9 },
      },
      {
        method: 'POST',
        path: '/api/habits',
        body: { id: CLIENT_ID, title: 'Mid', isToday: true, sortOrder: 5, todaySortOrder: 10 },
      },
    ]);
    expect(await screen.findByText('Habits created')).toBeInTheDocument();
    expect(screen.getByText('Your 3 habits have been created successfully.')).toBeInTheDocument();
  });

  it('applies the optional goal to every task and leaves Today alone when unchecked', async () => {
    const api = fakeServer();
    const { dialog, user } = openDialog({ presetType: 'task' });
    await user.click(within(dialog).getByRole('tab', { name: 'Bulk' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tasks' }), 'A{Enter}B');
    const goalSelect = within(dialog).getByRole('combobox', { name: 'Goal for all tasks' });
    await within(goalSelect).findByRole('option', { name: 'Fitness' });
    await user.selectOptions(goalSelect, 'Fitness');
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 Tasks' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    // Tasks' max sortOrder is 9.
    expect(api.writes().map((request) => request.body)).toEqual([
      { id: CLIENT_ID, title: 'A', isToday: false, sortOrder: 10, goalId: fitness.id },
      { id: CLIENT_ID, title: 'B', isToday: false, sortOrder: 11, goalId: fitness.id },
    ]);
    expect(api.requests.some((request) => request.path === '/api/today')).toBe(false);
    expect(await screen.findByText('Tasks created')).toBeInTheDocument();
  });

  it('after a refusal part-way, keeps only the lines not yet saved and says how many were', async () => {
    let posts = 0;
    const api = installFakeApi(
      on('GET', '/api/goals?showArchived=true', () => ({ body: [] })),
      on('GET', '/api/tasks', () => ({ body: [] })),
      on('POST', '/api/tasks', (request) => {
        posts += 1;
        return posts === 2
          ? { status: 400, body: { message: 'Title is too long' } }
          : { status: 201, body: makeTask(request.body as object) };
      }),
    );
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'task' });
    await user.click(within(dialog).getByRole('tab', { name: 'Bulk' }));
    const box = within(dialog).getByRole('textbox', { name: 'Tasks' });
    await user.type(box, 'A{Enter}B{Enter}C');
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 Tasks' }));
    expect(
      await screen.findByText('Created 1 of 3 tasks; the rest are still in the box'),
    ).toBeInTheDocument();
    expect(screen.getByText('Title is too long')).toBeInTheDocument();
    expect(box).toHaveValue('B\nC');
    expect(onOpenChange).not.toHaveBeenCalled();
    // A 4xx is not retried: A once, B once.
    expect(api.writes().map((request) => (request.body as { title: string }).title)).toEqual(['A', 'B']);
  });

  it('returns to the Single tab with a cleared form when opened again after a bulk create', async () => {
    fakeServer();
    const { user } = renderWithProviders(<Reopenable />);
    await user.click(screen.getByRole('tab', { name: 'Bulk' }));
    await user.type(screen.getByRole('textbox', { name: 'Tasks' }), 'A');
    await user.click(screen.getByRole('checkbox', { name: 'Add all to Today' }));
    await user.click(screen.getByRole('button', { name: 'Create 1 Task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect(screen.getByRole('tab', { name: 'Single' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Bulk' }));
    expect(screen.getByRole('textbox', { name: 'Tasks' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Add all to Today' })).not.toBeChecked();
  });
});

describe('ItemDialog when editing', () => {
  it('edits a task: no picker or tabs, sends exactly title, goalId and isToday; "No goal" stores null', async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'Run 5k', goalId: fitness.id, isToday: true, completed: true });
    const { dialog, user, onOpenChange } = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    expect(within(dialog).getByRole('heading', { name: 'Edit Item' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Item Type' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Run 5k');
    const goalSelect = within(dialog).getByRole('combobox', { name: 'Goal' });
    await waitFor(() => expect(goalSelect).toHaveValue(fitness.id));
    await user.selectOptions(goalSelect, 'No goal (regular task)');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: `/api/tasks/${task.id}`,
        body: { title: 'Run 5k', goalId: null, isToday: true },
      },
    ]);
  });

  it('edits a goal: sends exactly title, description, color and isHabitGoal', async () => {
    const api = fakeServer();
    const goal = makeGoal({ title: 'Fitness', description: 'Move', color: 'teal', isHabitGoal: false });
    const { dialog, user } = openDialog({ mode: 'edit', item: { kind: 'goal', goal } });
    expect(within(dialog).getByRole('radio', { name: 'Teal' })).toBeChecked();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Health');
    await user.clear(within(dialog).getByLabelText(/Description/));
    await user.click(within(dialog).getByRole('radio', { name: 'Rose' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/goals/${goal.id}`,
      body: { title: 'Health', description: null, color: 'rose', isHabitGoal: false },
    });
  });

  it('edits a habit: sends exactly title and isToday', async () => {
    const api = fakeServer();
    const habit = makeHabit({ title: 'Meditate', isToday: false, completedToday: true });
    const { dialog, user } = openDialog({ mode: 'edit', item: { kind: 'habit', habit } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add to Today' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/habits/${habit.id}`,
      body: { title: 'Meditate', isToday: true },
    });
  });

  it('validates the title when editing too', async () => {
    const api = fakeServer();
    const habit = makeHabit({ title: 'Meditate' });
    const { dialog, user } = openDialog({ mode: 'edit', item: { kind: 'habit', habit } });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });
});

describe("ItemDialog: a task's day (docs/product.md#item-dialog)", () => {
  // The person's day is a Thursday, whatever the machine's clock says.
  const TODAY = '2026-11-26';
  function openOn(props: Partial<ItemDialogProps> = {}) {
    const onOpenChange = vi.fn();
    const view = renderWithProviders(
      <PersonsDayContext value={TODAY}>
        <ItemDialog open onOpenChange={onOpenChange} mode="add" {...props} />
      </PersonsDayContext>,
    );
    return { ...view, onOpenChange, dialog: screen.getByRole('dialog') };
  }

  it("offers None, Today, Tomorrow, Next week and Pick a date, counted from the person's day", async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openOn();
    const day = within(dialog).getByRole('combobox', { name: 'Day' });
    expect(day).toHaveValue('none');
    expect(
      within(day)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Today', 'Tomorrow (Fri 27)', 'Next week (Mon 30)', 'Pick a date…']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Call mum');
    await user.selectOptions(day, 'next-week');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'Call mum',
      goalId: null,
      isToday: false,
      plannedFor: '2026-11-30',
    });
  });

  it('picks a date with a labelled date field, and asks for one when none is picked', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openOn();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Dentist');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), 'date');
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('min', '2000-01-01');
    expect(date).toHaveAttribute('max', '2036-11-26');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText('Pick a date, or choose another day')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.type(date, '2026-12-24');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toMatchObject({ title: 'Dentist', plannedFor: '2026-12-24' });
  });

  it("editing shows the task's day, sends plannedFor only when it changed, and None unplans", async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'Call mum', plannedFor: '2026-11-27' });
    const { dialog, user } = openOn({ mode: 'edit', item: { kind: 'task', task } });
    const day = within(dialog).getByRole('combobox', { name: 'Day' });
    expect(day).toHaveValue('tomorrow');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Call mum', goalId: null, isToday: false });
  });

  it('None unplans a planned task; a later date shows in the date field', async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'Taxes', plannedFor: '2027-01-15' });
    const { dialog, user } = openOn({ mode: 'edit', item: { kind: 'task', task } });
    expect(within(dialog).getByRole('combobox', { name: 'Day' })).toHaveValue('date');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2027-01-15');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), 'none');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Taxes', goalId: null, isToday: false, plannedFor: null });
  });

  it('bulk add reads each line as quick add does', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openOn();
    await user.click(within(dialog).getByRole('tab', { name: 'Bulk' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Tasks' }),
      'Call mum tomorrow at 9am{Enter}Plan trip #work next week{Enter}Water plants p2 @home @garden',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 Tasks' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(
      api.writes().map(({ body }) => body as { title: string; goalId: string | null; plannedFor?: string }),
    ).toMatchObject([
      { title: 'Call mum', goalId: null, plannedFor: '2026-11-27', remindAt: '09:00' },
      { title: 'Plan trip', goalId: work.id, plannedFor: '2026-11-30' },
      { title: 'Water plants', goalId: null, priority: 2, labels: ['home', 'garden'] },
    ]);
    expect(api.writes()[2]?.body).not.toHaveProperty('plannedFor');
    expect(api.writes()[1]?.body).not.toHaveProperty('remindAt');
    expect(api.writes()[0]?.body).not.toHaveProperty('priority');
    expect(api.writes()[0]?.body).not.toHaveProperty('labels');
  });

  it('repeats on the chosen day: "Every week on Monday" for next week, sent as an RRULE', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openOn();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Gym');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), 'next-week');
    const repeat = within(dialog).getByRole('combobox', { name: 'Repeat' });
    expect(
      within(repeat)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'None',
      'Every day',
      'Every weekday',
      'Every week on Monday',
      'Every month on the 30th',
      'Every year on 30 Nov',
    ]);
    await user.selectOptions(repeat, 'weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toMatchObject({
      title: 'Gym',
      plannedFor: '2026-11-30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
    });
  });

  it('editing keeps a rule made elsewhere, shown in words, and sends it only when changed', async () => {
    const api = fakeServer();
    const task = makeTask({
      title: 'Bins',
      plannedFor: '2026-11-30',
      repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
    });
    const { dialog, user } = openOn({ mode: 'edit', item: { kind: 'task', task } });
    const repeat = within(dialog).getByRole('combobox', { name: 'Repeat' });
    expect(repeat).toHaveValue('keep');
    expect(within(repeat).getByRole('option', { name: 'Every 2 weeks on Monday' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Bins', goalId: null, isToday: false });
  });

  it('a habit takes a schedule: some weekdays, or N times a week; a change is sent, else nothing', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openOn({ presetType: 'habit' });
    const schedule = within(dialog).getByRole('combobox', { name: 'Schedule' });
    expect(schedule).toHaveValue('daily');
    expect(
      within(schedule)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Every day',
      'Every weekday',
      'Mon, Wed, Fri',
      'Tue, Thu',
      'Every weekend',
      'Once a week',
      '2 times a week',
      '3 times a week',
      '4 times a week',
      '5 times a week',
      '6 times a week',
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Gym');
    await user.selectOptions(schedule, 'Mon, Wed, Fri');
    await user.click(within(dialog).getByRole('button', { name: 'Create Habit' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'Gym',
      isToday: false,
      repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    });
  });

  it('editing a habit from 3 times a week to every day sends both fields cleared', async () => {
    const api = fakeServer();
    const habit = makeHabit({ title: 'Swim', timesPerWeek: 3 });
    const { dialog, user } = openOn({ mode: 'edit', item: { kind: 'habit', habit } });
    const schedule = within(dialog).getByRole('combobox', { name: 'Schedule' });
    expect(schedule).toHaveValue('times:3');
    await user.selectOptions(schedule, 'Every day');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      title: 'Swim',
      isToday: false,
      repeat: null,
      timesPerWeek: null,
    });
  });

  it('a habit has no day', () => {
    fakeServer();
    const { dialog } = openOn({ presetType: 'habit' });
    expect(within(dialog).queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
  });
});

describe('ItemDialog: a reminder (docs/product.md#item-dialog)', () => {
  const TODAY = '2026-11-26';
  function openOn(props: Partial<ItemDialogProps> = {}) {
    const onOpenChange = vi.fn();
    const view = renderWithProviders(
      <PersonsDayContext value={TODAY}>
        <ItemDialog open onOpenChange={onOpenChange} mode="add" {...props} />
      </PersonsDayContext>,
    );
    return { ...view, onOpenChange, dialog: screen.getByRole('dialog') };
  }

  it('a new task takes a time from the labelled time field, said when it comes', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openOn();
    const time = within(dialog).getByLabelText('Remind me at');
    expect(time).toHaveAttribute('type', 'time');
    expect(time).toHaveValue('');
    expect(time).toHaveAccessibleDescription('A task is reminded on its day: choose one above.');
    expect(within(dialog).queryByRole('button', { name: 'No reminder' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Call mum');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day' }), 'tomorrow');
    expect(time).toHaveAccessibleDescription('On the task’s day, in your time zone.');
    await user.type(time, '07:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'Call mum',
      goalId: null,
      isToday: false,
      plannedFor: '2026-11-27',
      remindAt: '07:30',
    });
  });

  // docs/product.md#reminders, "Where it is set, whether this device shows it".
  it('says, while a time is set, that this device has reminders off, with the switch', async () => {
    fakeServer();
    fakePushBrowser({});
    const { dialog, user } = openOn();
    const time = within(dialog).getByLabelText('Remind me at');
    expect(within(dialog).queryByText('Reminders are off on this device.')).not.toBeInTheDocument();
    await user.type(time, '07:30');
    expect(await within(dialog).findByText('Reminders are off on this device.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Switch reminders on' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No reminder' }));
    expect(within(dialog).queryByText('Reminders are off on this device.')).not.toBeInTheDocument();
  });

  it("editing shows the task's time, sends remindAt only when it changed, and No reminder clears it", async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'Call mum', plannedFor: '2026-11-27', remindAt: '07:30' });
    const { dialog, user } = openOn({ mode: 'edit', item: { kind: 'task', task } });
    const time = within(dialog).getByLabelText('Remind me at');
    expect(time).toHaveValue('07:30');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Call mum', goalId: null, isToday: false });
  });

  it('No reminder clears the time and keeps focus on the field', async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'Call mum', plannedFor: '2026-11-27', remindAt: '07:30' });
    const { dialog, user } = openOn({ mode: 'edit', item: { kind: 'task', task } });
    await user.click(within(dialog).getByRole('button', { name: 'No reminder' }));
    const time = within(dialog).getByLabelText('Remind me at');
    expect(time).toHaveValue('');
    expect(time).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      title: 'Call mum',
      goalId: null,
      isToday: false,
      remindAt: null,
    });
  });

  it('a habit takes a time too, on each day it is due', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openOn({ presetType: 'habit' });
    const time = within(dialog).getByLabelText('Remind me at');
    expect(time).toHaveAccessibleDescription('On each day the habit is due, unless it is done.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Stretch');
    await user.type(time, '21:15');
    await user.click(within(dialog).getByRole('button', { name: 'Create Habit' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'Stretch',
      isToday: false,
      remindAt: '21:15',
    });
  });

  it("editing a habit's time sends it", async () => {
    const api = fakeServer();
    const habit = makeHabit({ title: 'Stretch', remindAt: '21:15' });
    const { dialog, user } = openOn({ mode: 'edit', item: { kind: 'habit', habit } });
    const time = within(dialog).getByLabelText('Remind me at');
    await user.clear(time);
    await user.type(time, '06:45');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Stretch', isToday: false, remindAt: '06:45' });
  });
});

describe('ItemDialog: a description (docs/product.md#item-dialog)', () => {
  const description = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Description/ });

  it('a task takes one right after its title, with lines, trimmed; a blank one is not sent', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog();
    const fields = within(dialog).getAllByRole('textbox');
    expect(fields.slice(0, 2)).toEqual([
      within(dialog).getByRole('textbox', { name: 'Title' }),
      description(dialog),
    ]);
    expect(description(dialog)).toHaveAccessibleName('Description (optional)');
    expect(description(dialog)).toHaveAttribute('rows', '3');
    // Both take the writing direction of what is typed (an Arabic title or note aligns right).
    expect(fields.slice(0, 2).map((field) => field.getAttribute('dir'))).toEqual(['auto', 'auto']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Book the dentist');
    await user.type(description(dialog), '  Ask about the crown{Enter}Bring the card  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'Book the dentist',
      description: 'Ask about the crown\nBring the card',
      goalId: null,
      isToday: false,
    });
  });

  it('a habit takes one too; bulk add has none', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'habit' });
    await user.click(within(dialog).getByRole('tab', { name: 'Bulk' }));
    expect(within(dialog).queryByRole('textbox', { name: /Description/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Single' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Stretch');
    await user.type(description(dialog), 'Ten minutes, after coffee');
    await user.click(within(dialog).getByRole('button', { name: 'Create Habit' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'Stretch',
      description: 'Ten minutes, after coffee',
      isToday: false,
    });
  });

  it('says "Description must be at most 2000 characters" and sends nothing', async () => {
    const api = fakeServer();
    const { dialog, user } = openDialog({ presetType: 'task' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Read');
    await user.click(description(dialog));
    await user.paste('x'.repeat(2001));
    expect(within(dialog).getByText('2,001 / 2,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(
      await within(dialog).findByText('Description must be at most 2000 characters'),
    ).toBeInTheDocument();
    expect(description(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toEqual([]);
  });

  it("editing shows the task's description and sends a change; emptied, it is null", async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'Call mum', description: 'About Sunday\nAnd the tickets' });
    const { dialog, user } = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    expect(description(dialog)).toHaveValue('About Sunday\nAnd the tickets');
    await user.type(description(dialog), '{Enter}Before 6');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      title: 'Call mum',
      goalId: null,
      isToday: false,
      description: 'About Sunday\nAnd the tickets\nBefore 6',
    });
  });

  it("emptying a habit's description sends null; left alone, it is not sent", async () => {
    const api = fakeServer();
    const habit = makeHabit({ title: 'Stretch', description: 'Ten minutes' });
    const first = openDialog({ mode: 'edit', item: { kind: 'habit', habit } });
    await first.user.clear(description(first.dialog));
    await first.user.type(description(first.dialog), '   ');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Stretch', isToday: false, description: null });
    first.unmount();

    const second = openDialog({ mode: 'edit', item: { kind: 'habit', habit } });
    await second.user.click(within(second.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).toEqual({ title: 'Stretch', isToday: false });
  });
});

describe('ItemDialog: a priority (docs/product.md#priority)', () => {
  const priority = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Priority' });

  it('a new task takes None, Low, Medium or High; none is not sent, and a habit has no priority', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'task' });
    expect(
      within(priority(dialog))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Low', 'Medium', 'High']);
    expect(priority(dialog)).toHaveDisplayValue('None');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'File taxes');
    await user.selectOptions(priority(dialog), 'High');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'File taxes',
      goalId: null,
      isToday: false,
      priority: 3,
    });

    const habit = openDialog({ presetType: 'habit' });
    expect(within(habit.dialog).queryByRole('combobox', { name: 'Priority' })).not.toBeInTheDocument();
  });

  it("editing shows the task's priority and sends it only when it changed; None sends 0", async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'File taxes', priority: 2 });
    const first = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    expect(priority(first.dialog)).toHaveDisplayValue('Medium');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'File taxes', goalId: null, isToday: false });
    first.unmount();

    const second = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    await second.user.selectOptions(priority(second.dialog), 'None');
    await second.user.click(within(second.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).toEqual({ title: 'File taxes', goalId: null, isToday: false, priority: 0 });
  });
});

describe("ItemDialog: a task's labels (docs/product.md#item-dialog)", () => {
  const labels = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Labels/ });

  it('a new task takes a line of words after its priority, each once; none is not sent, and a habit has none', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'task' });
    const field = labels(dialog);
    // Right after the priority.
    expect(field.closest('div')?.previousElementSibling).toContainElement(
      within(dialog).getByRole('combobox', { name: 'Priority' }),
    );
    expect(field).toHaveAccessibleDescription('One word each, separated by spaces');
    expect(field).toHaveAttribute('dir', 'auto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Shop');
    await user.type(field, '@errands, Calls  مشتريات errands');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toEqual({
      id: CLIENT_ID,
      title: 'Shop',
      goalId: null,
      isToday: false,
      labels: ['errands', 'Calls', 'مشتريات'],
    });

    const plain = openDialog({ presetType: 'task' });
    await plain.user.type(within(plain.dialog).getByRole('textbox', { name: 'Title' }), 'Milk{Enter}');
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).not.toHaveProperty('labels');

    const habit = openDialog({ presetType: 'habit' });
    expect(within(habit.dialog).queryByRole('textbox', { name: /^Labels/ })).not.toBeInTheDocument();
  });

  it('names a word that is no label, and how many is too many, under the field, and sends nothing', async () => {
    const api = fakeServer();
    const { dialog, user } = openDialog({ presetType: 'task' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Shop');
    await user.type(labels(dialog), 'errands 9am');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    const message =
      '“9am”: A label is one word of letters, digits, - or _, starting with a letter (no spaces)';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(labels(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(labels(dialog)).toHaveAccessibleDescription(`${message} One word each, separated by spaces`);
    await user.clear(labels(dialog));
    await user.type(labels(dialog), 'a b c d e f g h i j k');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A task holds at most 10 labels');
    await user.type(labels(dialog), '{Backspace}{Backspace}');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(labels(dialog)).not.toHaveAttribute('aria-invalid');
    expect(api.writes()).toEqual([]);
  });

  it("editing shows the task's labels and sends them only when they changed; emptied, it sends none", async () => {
    const api = fakeServer();
    const task = makeTask({ title: 'Shop', labels: ['errands', 'Town'] });
    const first = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    expect(labels(first.dialog)).toHaveValue('errands Town');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Shop', goalId: null, isToday: false });
    first.unmount();

    const second = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    await second.user.clear(labels(second.dialog));
    await second.user.click(within(second.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).toEqual({ title: 'Shop', goalId: null, isToday: false, labels: [] });
  });

  it("offers the person's other labels, the most used first, at most 8, each added to the line", async () => {
    const api = fakeServer();
    const client = createTestQueryClient();
    const words = ['calls', 'town', 'home', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    client.setQueryData(queryKeyOf(contract.tasks.list), [
      makeTask({ labels: ['errands', 'calls'] }),
      makeTask({ labels: ['Errands', 'town', 'calls'] }),
      makeTask({ labels: ['errands', ...words.slice(2)] }),
    ]);
    const onOpenChange = vi.fn();
    const { user } = renderWithProviders(
      <ItemDialog open onOpenChange={onOpenChange} mode="add" presetType="task" />,
      { client },
    );
    const dialog = screen.getByRole('dialog');
    const offered = () =>
      within(within(dialog).getByRole('list', { name: 'Your labels' }))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    // errands 3 times (as first spelled), calls twice, then the rest alphabetically; 8 of them.
    expect(offered()).toEqual(
      ['errands', 'calls', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((label) => `Add label “${label}”`),
    );
    await user.type(labels(dialog), 'calls');
    expect(offered()).not.toContain('Add label “calls”');
    expect(offered()).toContain('Add label “home”');
    await user.click(within(dialog).getByRole('button', { name: 'Add label “errands”' }));
    expect(labels(dialog)).toHaveValue('calls errands');
    // Focus goes to the suggestion now in its place, for the next one.
    expect(within(dialog).getByRole('button', { name: 'Add label “a1”' })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).toMatchObject({ title: 'Shop', labels: ['calls', 'errands'] });
  });
});

describe("ItemDialog: a task's checklist (docs/product.md#checklists)", () => {
  const addField = (dialog: HTMLElement) =>
    within(dialog).getByRole('textbox', { name: 'Add a checklist item' });
  const itemFields = (dialog: HTMLElement) =>
    within(dialog).queryAllByRole('textbox', { name: /^Checklist item \d+$/ }) as HTMLInputElement[];
  const words = (dialog: HTMLElement) => itemFields(dialog).map((field) => field.value);

  it('Enter adds an item and keeps focus there; pasted lines add one each; remove; Alt+arrows move; blanks are dropped', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'task' });
    // Right after the description, with its keys said in the hint.
    const fields = within(dialog).getAllByRole('textbox');
    expect(fields.indexOf(addField(dialog))).toBe(2);
    expect(addField(dialog)).toHaveAccessibleDescription(/Alt\+↑ and Alt\+↓ move the item in focus/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Pack');
    await user.type(addField(dialog), 'Passport{Enter}');
    expect(addField(dialog)).toHaveFocus();
    expect(addField(dialog)).toHaveValue('');
    await user.type(addField(dialog), '  Charger {Enter}{Enter}');
    await user.paste('Tickets\n\n  Keys\r\nSnacks\n');
    expect(words(dialog)).toEqual(['Passport', 'Charger', 'Tickets', 'Keys', 'Snacks']);
    expect(addField(dialog)).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Keys' }));
    expect(words(dialog)).toEqual(['Passport', 'Charger', 'Tickets', 'Snacks']);
    // Focus goes on to the item after the one removed.
    expect(itemFields(dialog)[3]).toHaveFocus();
    await user.keyboard('{Alt>}{ArrowUp}{ArrowUp}{/Alt}');
    expect(words(dialog)).toEqual(['Passport', 'Snacks', 'Charger', 'Tickets']);
    expect(itemFields(dialog)[1]).toHaveFocus();
    expect(within(dialog).getByText('Moved to 2 of 4')).toHaveAttribute('aria-live', 'polite');
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(words(dialog)).toEqual(['Passport', 'Charger', 'Snacks', 'Tickets']);
    expect(itemFields(dialog)[2]).toHaveFocus();
    // Alt+ArrowUp on the first item goes nowhere.
    await user.click(itemFields(dialog)[0]!);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(words(dialog)[0]).toBe('Passport');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Done: Passport' }));
    await user.clear(itemFields(dialog)[3]!);
    await user.type(itemFields(dialog)[3]!, '   ');

    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const body = api.writes()[0]?.body as { checklist: Array<{ id: string }> };
    expect(body).toEqual({
      id: CLIENT_ID,
      title: 'Pack',
      goalId: null,
      isToday: false,
      checklist: [
        { id: CLIENT_ID, title: 'Passport', done: true },
        { id: CLIENT_ID, title: 'Charger', done: false },
        { id: CLIENT_ID, title: 'Snacks', done: false },
      ],
    });
    expect(new Set(body.checklist.map((item) => item.id)).size).toBe(3);
  });

  it('a new task without items sends no checklist, and habits have none', async () => {
    const api = fakeServer();
    const { dialog, user, onOpenChange } = openDialog({ presetType: 'task' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Milk');
    await user.type(addField(dialog), '   {Enter}');
    expect(itemFields(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.writes()[0]?.body).not.toHaveProperty('checklist');

    const habit = openDialog({ presetType: 'habit' });
    expect(within(habit.dialog).queryByRole('group', { name: /Checklist/ })).not.toBeInTheDocument();
  });

  it('Backspace in an emptied item removes it; past 100 items the add field says why it adds no more', async () => {
    fakeServer();
    const { dialog, user } = openDialog({ presetType: 'task' });
    await user.click(addField(dialog));
    await user.paste('One\nTwo\nThree');
    await user.clear(itemFields(dialog)[1]!);
    await user.keyboard('{Backspace}');
    expect(words(dialog)).toEqual(['One', 'Three']);
    expect(itemFields(dialog)[1]).toHaveFocus();
    await user.click(addField(dialog));
    await user.paste(Array.from({ length: 99 }, (_, at) => `Step ${at + 1}`).join('\n'));
    expect(itemFields(dialog)).toHaveLength(100);
    expect(words(dialog).at(-1)).toBe('Step 98');
    expect(within(dialog).getByText('A checklist holds at most 100 items')).toBeInTheDocument();
    expect(addField(dialog)).toHaveAccessibleDescription(/A checklist holds at most 100 items/);
  });

  it("says an item's too long by the title's rule, on that item, and sends nothing", async () => {
    const api = fakeServer();
    const { dialog, user } = openDialog({ presetType: 'task' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Read');
    await user.click(addField(dialog));
    await user.paste(`Chapter one\n${'x'.repeat(201)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    expect(await within(dialog).findByText('Title must be at most 200 characters')).toBeInTheDocument();
    expect(itemFields(dialog)[1]).toHaveAttribute('aria-invalid', 'true');
    expect(itemFields(dialog)[1]).toHaveAccessibleDescription(/Title must be at most 200 characters/);
    expect(itemFields(dialog)[0]).not.toHaveAttribute('aria-invalid');
    expect(api.writes()).toEqual([]);
  });

  it('editing sends the checklist only when the person changed it, keeping ticks made elsewhere meanwhile', async () => {
    const api = fakeServer();
    const steps = [
      { id: '44444444-4444-4444-8444-444444444444', title: 'Passport', done: false },
      { id: '55555555-5555-4555-8555-555555555555', title: 'Charger', done: true },
    ];
    const task = makeTask({ title: 'Pack', checklist: steps });
    const first = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    expect(words(first.dialog)).toEqual(['Passport', 'Charger']);
    expect(within(first.dialog).getByRole('checkbox', { name: 'Done: Charger' })).toBeChecked();
    // Passport is ticked on another device while the dialog is open, and the person edits the title only.
    const ticked = { ...task, checklist: [{ ...steps[0]!, done: true }, steps[1]!] };
    first.rerender(
      <ItemDialog open onOpenChange={first.onOpenChange} mode="edit" item={{ kind: 'task', task: ticked }} />,
    );
    await first.user.type(within(first.dialog).getByRole('textbox', { name: 'Title' }), ' the bag');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Pack the bag', goalId: null, isToday: false });
    first.unmount();

    // The same, but the person adds an item: the whole list goes, Passport's tick from the other device kept.
    const second = openDialog({ mode: 'edit', item: { kind: 'task', task } });
    second.rerender(
      <ItemDialog
        open
        onOpenChange={second.onOpenChange}
        mode="edit"
        item={{ kind: 'task', task: ticked }}
      />,
    );
    await second.user.type(addField(second.dialog), 'Tickets{Enter}');
    await second.user.click(within(second.dialog).getByRole('checkbox', { name: 'Done: Charger' }));
    await second.user.click(within(second.dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]?.body).toEqual({
      title: 'Pack',
      goalId: null,
      isToday: false,
      checklist: [
        { id: steps[0]!.id, title: 'Passport', done: true },
        { id: steps[1]!.id, title: 'Charger', done: false },
        { id: CLIENT_ID, title: 'Tickets', done: false },
      ],
    });
  });
});
