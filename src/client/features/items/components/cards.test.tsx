import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, installFakeApi, on } from '../../../testing/fake-api';
import { pressableToastButton, renderWithProviders } from '../../../testing/render';
import { resetItemEditor } from '../lib/item-editor';
import { fakeId, makeGoal, makeHabit, makeTask } from '../testing/factories';
import { HabitCard } from './habit-card';
import { ItemEditor } from './item-editor';
import { TaskCard } from './task-card';

const ordinaryGoal = makeGoal({ title: 'Launch', color: 'indigo', isHabitGoal: false });
const habitGoal = makeGoal({ title: 'Morning routine', color: 'amber', isHabitGoal: true });
const summary = (goal: typeof ordinaryGoal) => ({
  id: goal.id,
  title: goal.title,
  color: goal.color,
  isHabitGoal: goal.isHabitGoal,
});

function patchEchoes() {
  return installFakeApi(
    on('PATCH', /^\/api\/tasks\//, (request) => ({ body: makeTask(request.body as object) })),
    on('PATCH', /^\/api\/habits\//, (request) => ({ body: makeHabit(request.body as object) })),
    on('DELETE', /^\/api\/(tasks|habits)\//, () => ({ status: 204 })),
    on('GET', /^\/api\//, () => ({ body: [] })),
  );
}

// The edit dialog is the app's one ItemEditor, drawn beside the cards as the signed-in frame draws it.
afterEach(resetItemEditor);

describe('TaskCard', () => {
  it('toggles `completed` for a normal task, and strikes through a completed title', async () => {
    const api = patchEchoes();
    const task = makeTask({ title: 'Write copy', goalId: ordinaryGoal.id });
    const { user, rerender } = renderWithProviders(<TaskCard task={task} goal={summary(ordinaryGoal)} />);
    const circle = screen.getByRole('checkbox', { name: 'Complete Write copy' });
    expect(circle).not.toBeChecked();
    expect(screen.getByText('Write copy')).not.toHaveClass('line-through');
    await user.click(circle);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/tasks/${task.id}`,
      body: { completed: true },
    });
    rerender(<TaskCard task={{ ...task, completed: true }} goal={summary(ordinaryGoal)} />);
    expect(screen.getByRole('checkbox', { name: 'Complete Write copy' })).toBeChecked();
    expect(screen.getByText('Write copy')).toHaveClass('line-through');
  });

  it('toggles `completedToday` in a habit goal, never strikes through, and shows the completion badge', async () => {
    const api = patchEchoes();
    const task = makeTask({
      title: 'Make bed',
      goalId: habitGoal.id,
      completedToday: true,
      completionCount: 4,
    });
    const { user } = renderWithProviders(<TaskCard task={task} goal={summary(habitGoal)} />);
    const circle = screen.getByRole('checkbox', { name: 'Complete Make bed' });
    expect(circle).toBeChecked();
    expect(screen.getByText('Make bed')).not.toHaveClass('line-through');
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByText(/completions/)).toBeInTheDocument();
    await user.click(circle);
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ completedToday: false });
  });

  it('shows no badge at 0, nor for normal tasks', () => {
    patchEchoes();
    renderWithProviders(
      <>
        <TaskCard task={makeTask({ title: 'Habit zero', completionCount: 0 })} goal={summary(habitGoal)} />
        <TaskCard task={makeTask({ title: 'Normal', completionCount: 3 })} goal={summary(ordinaryGoal)} />
      </>,
    );
    expect(screen.queryByText(/completion/)).not.toBeInTheDocument();
  });

  it('replaces the circle with a spinner while the completion is pending, keeping focus on the box', async () => {
    const answer = deferred<{ body: unknown }>();
    const api = installFakeApi(
      on('PATCH', /^\/api\/tasks\//, () => answer.promise),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    const task = makeTask({ title: 'Slow one' });
    const { user, container } = renderWithProviders(<TaskCard task={task} goal={null} />);
    const circle = screen.getByRole('checkbox', { name: 'Complete Slow one' });
    circle.focus();
    await user.keyboard(' ');
    // Busy, not disabled: a disabled box would lose focus to the page (docs/product.md#cards).
    expect(circle).toHaveAttribute('aria-busy', 'true');
    expect(circle).toBeEnabled();
    expect(circle).toHaveFocus();
    expect(container.querySelector('.spinner')).not.toBeNull();
    // A second press while saving sends nothing more.
    await user.keyboard(' ');
    expect(api.writes()).toHaveLength(1);
    answer.resolve({ body: makeTask({ ...task, completed: true }) });
    await waitFor(() => expect(container.querySelector('.spinner')).toBeNull());
    expect(circle).not.toHaveAttribute('aria-busy');
    expect(circle).toHaveFocus();
  });

  it('adds to Today with the "Add to Today" control and toasts; on Today it reads "Remove from Today"', async () => {
    const api = patchEchoes();
    const task = makeTask({ title: 'Plan week', isToday: false });
    const { user, rerender } = renderWithProviders(<TaskCard task={task} goal={null} />);
    await user.click(screen.getByRole('button', { name: 'Add to Today' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ isToday: true });
    expect(await screen.findByText('Added to Today')).toBeInTheDocument();
    expect(screen.getByText('1 item added to your today list.')).toBeInTheDocument();

    rerender(<TaskCard task={{ ...task, isToday: true }} goal={null} />);
    await user.click(screen.getByRole('button', { name: 'Remove from Today' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]!.body).toEqual({ isToday: false });
    expect(await screen.findByText('Removed from Today')).toBeInTheDocument();
  });

  it('replaces the Today icon with a spinner while that change is pending', async () => {
    const answer = deferred<{ body: unknown }>();
    const api = installFakeApi(
      on('PATCH', /^\/api\/tasks\//, () => answer.promise),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    const task = makeTask({ title: 'Plan', isToday: false });
    const { user } = renderWithProviders(<TaskCard task={task} goal={null} />);
    const today = screen.getByRole('button', { name: 'Add to Today' });
    await user.click(today);
    expect(today).toHaveAttribute('aria-busy', 'true');
    expect(today).toHaveFocus();
    expect(today.querySelector('.spinner')).not.toBeNull();
    await user.click(today);
    expect(api.writes()).toHaveLength(1);
    // The completion circle is a separate control and stays usable.
    expect(screen.getByRole('checkbox', { name: 'Complete Plan' })).toBeEnabled();
    answer.resolve({ body: makeTask({ ...task, isToday: true }) });
    await waitFor(() => expect(today).not.toHaveAttribute('aria-busy'));
    expect(today.querySelector('.spinner')).toBeNull();
  });

  it('shows the Today tooltip text on hover', async () => {
    patchEchoes();
    const { user } = renderWithProviders(<TaskCard task={makeTask({ isToday: true })} goal={null} />);
    await user.hover(screen.getByRole('button', { name: 'Remove from Today' }));
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('Remove from Today');
  });

  it('on Today shows the goal name with a "Goal: {name}" tooltip, tinted in the goal colour', async () => {
    patchEchoes();
    const { user } = renderWithProviders(
      <TaskCard task={makeTask({ title: 'Write copy' })} goal={summary(ordinaryGoal)} showGoal tint />,
    );
    const card = screen.getByRole('article', { name: 'Write copy' });
    expect(card.className).toContain('bg-indigo-50');
    await user.hover(within(card).getByText('Launch'));
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('Goal: Launch');
  });

  /** A task's card beside the editor its Edit opens. */
  function renderWithEditor(title: string) {
    const task = makeTask({ title });
    installFakeApi(
      on('GET', /^\/api\/tasks/, () => ({ body: [task] })),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    return renderWithProviders(
      <>
        <TaskCard task={task} goal={null} />
        <ItemEditor />
      </>,
    );
  }

  it('opens the edit dialog from the edit control', async () => {
    const { user } = renderWithEditor('Fix bike');
    await user.click(screen.getByRole('button', { name: 'Edit task' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Item' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Fix bike');
  });

  // docs/product.md#cards, "Title opens Edit".
  it("opens the edit dialog from the title, whose closing gives focus to the card's Edit button", async () => {
    const { user } = renderWithEditor('Fix bike');
    await user.click(screen.getByText('Fix bike'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Item' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Fix bike');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit task' })).toHaveFocus();
  });

  it('opens the edit dialog from the actions menu too (phones have no inline edit button)', async () => {
    const task = makeTask({ title: 'Fix bike' });
    installFakeApi(
      on('GET', /^\/api\/tasks/, () => ({ body: [task] })),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    const { user } = renderWithProviders(
      <>
        <TaskCard task={task} goal={null} />
        <ItemEditor />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'More actions for Fix bike' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit task' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Fix bike');
  });

  it('builds the actions menu only when asked, and the keyboard opens it on its first item', async () => {
    installFakeApi(on('GET', /^\/api\//, () => ({ body: [] })));
    const { user } = renderWithProviders(<TaskCard task={makeTask({ title: 'Fix bike' })} goal={null} />);
    const button = screen.getByRole('button', { name: 'More actions for Fix bike' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit task' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // Focus comes back to the menu's button, now Radix's own, which opens and closes as before.
    const trigger = screen.getByRole('button', { name: 'More actions for Fix bike' });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit task' })).toHaveFocus());
  });

  it('deletes from the actions menu with a "Task deleted" toast', async () => {
    const api = patchEchoes();
    const task = makeTask({ title: 'Old task' });
    const { user } = renderWithProviders(<TaskCard task={task} goal={null} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Old task' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete task' }));
    expect(await screen.findByText('Task deleted')).toBeInTheDocument();
    // Held back while Undo is offered (docs/product.md#undo); sent when the toast goes.
    expect(api.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([{ method: 'DELETE', path: `/api/tasks/${task.id}`, body: undefined }]),
    );
  });

  it('duplicates a task from the actions menu: everything but its completion, its checklist unticked under new ids, and Undo deletes the copy', async () => {
    const api = installFakeApi(
      // The task answered has no `after`: that only says where it goes.
      on('POST', '/api/tasks', (request) => {
        const { after: _after, ...created } = request.body as { after?: string };
        return { status: 201, body: makeTask(created) };
      }),
      on('DELETE', /^\/api\/tasks\//, () => ({ status: 204 })),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    const copied = {
      title: 'Water the plants',
      description: 'Balcony first',
      goalId: ordinaryGoal.id,
      plannedFor: '2026-11-30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      remindAt: '08:00',
      priority: 2,
      labels: ['garden', 'حديقة'],
      isToday: true,
    } as const;
    const checklist = [
      { id: fakeId(), title: 'Fill the can', done: true },
      { id: fakeId(), title: 'Ferns', done: false },
    ];
    const task = makeTask({ ...copied, labels: [...copied.labels], checklist, completed: true });
    const { user } = renderWithProviders(<TaskCard task={task} goal={summary(ordinaryGoal)} />);
    await user.click(screen.getByRole('button', { name: 'More actions for Water the plants' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByText('Task duplicated')).toBeInTheDocument();
    expect(screen.getByText('Right under the original.')).toBeInTheDocument();
    const [created] = api.writes();
    const copyId = (created?.body as { id?: string } | undefined)?.id;
    expect(copyId).toMatch(/^[0-9a-f-]{36}$/);
    expect(copyId).not.toBe(task.id);
    expect(created).toEqual({
      method: 'POST',
      path: '/api/tasks',
      // Everything but the completion; the checklist to work through afresh; right under the original.
      body: {
        id: copyId,
        ...copied,
        after: task.id,
        checklist: [
          { id: expect.stringMatching(/^[0-9a-f-]{36}$/), title: 'Fill the can', done: false },
          { id: expect.stringMatching(/^[0-9a-f-]{36}$/), title: 'Ferns', done: false },
        ],
      },
    });
    const copiedIds = (created!.body as { checklist: Array<{ id: string }> }).checklist.map(
      (item) => item.id,
    );
    expect(new Set([...copiedIds, ...checklist.map((item) => item.id)]).size).toBe(4);
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toEqual({ method: 'DELETE', path: `/api/tasks/${copyId}`, body: undefined });
  });

  it('offers Undo after a tick, which sends the opposite change', async () => {
    const api = patchEchoes();
    const { user } = renderWithProviders(<TaskCard task={makeTask({ title: 'Post card' })} goal={null} />);
    await user.click(screen.getByRole('checkbox', { name: 'Complete Post card' }));
    expect(await screen.findByText('Task completed')).toBeInTheDocument();
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((request) => request.body)).toEqual([{ completed: true }, { completed: false }]);
  });
});

// docs/product.md#cards: the description's first line under the title; all of it in Execution Mode.
describe("A task's priority on its card", () => {
  it('rings the circle in its colour, flags it in words, and says it after the title; none shows nothing', () => {
    patchEchoes();
    renderWithProviders(
      <>
        <TaskCard task={makeTask({ title: 'File taxes', priority: 3, plannedFor: null })} />
        <TaskCard task={makeTask({ title: 'Tidy desk', priority: 1 })} />
        <TaskCard task={makeTask({ title: 'Milk', priority: 0 })} />
      </>,
    );
    const taxes = screen.getByRole('article', { name: 'File taxes, High priority' });
    expect(within(taxes).getByText('High')).toBeInTheDocument();
    const circle = (card: HTMLElement) => within(card).getByRole('checkbox').nextElementSibling;
    expect(circle(taxes)).toHaveClass('border-red-600');
    const desk = screen.getByRole('article', { name: 'Tidy desk, Low priority' });
    expect(within(desk).getByText('Low')).toBeInTheDocument();
    expect(circle(desk)).toHaveClass('border-blue-600');
    const milk = screen.getByRole('article', { name: 'Milk' });
    expect(circle(milk)).toHaveClass('border-muted-foreground/50');
    expect(within(milk).getByText('Milk').parentElement?.childElementCount).toBe(1);
  });
});

// docs/product.md#cards, docs/decisions/049-checklists.md: the card counts the checklist; Execution Mode ticks it.
describe("A task's checklist on its card", () => {
  const step = (title: string, done: boolean) => ({ id: fakeId(), title, done });

  it('counts the ticked items with a list icon, says it after the title, and shows nothing for none', () => {
    patchEchoes();
    renderWithProviders(
      <>
        <TaskCard
          task={makeTask({
            title: 'Pack',
            priority: 3,
            checklist: [
              step('Passport', true),
              step('Charger', true),
              step('Tickets', false),
              step('Keys', false),
              step('Snacks', false),
            ],
          })}
        />
        <TaskCard task={makeTask({ title: 'Stretch', checklist: [step('Calves', true)] })} />
        <TaskCard task={makeTask({ title: 'Milk', checklist: [] })} />
      </>,
    );
    const pack = screen.getByRole('article', { name: 'Pack, High priority, 2 of 5 checklist items done' });
    const count = within(pack).getByText('2/5');
    expect(count.closest('[aria-hidden]')).not.toBeNull();
    expect(count.querySelector('.mask-icon-list-checks')).not.toBeNull();
    expect(count).toHaveClass('text-muted-foreground');
    // Every item ticked reads as finished, in the completion circle's green.
    const stretch = screen.getByRole('article', { name: 'Stretch, 1 of 1 checklist item done' });
    expect(within(stretch).getByText('1/1')).toHaveClass('text-emerald-700');
    const milk = screen.getByRole('article', { name: 'Milk' });
    expect(within(milk).getByText('Milk').parentElement?.childElementCount).toBe(1);
    expect(milk.querySelector('.mask-icon-list-checks')).toBeNull();
  });
});

// docs/product.md#cards, docs/decisions/051-labels.md: muted "@label" words after the other marks.
describe("A task's labels on its card", () => {
  it('shows them after the other marks on one line, isolates each, says them after the title, and nothing for none', () => {
    patchEchoes();
    renderWithProviders(
      <>
        <TaskCard
          task={makeTask({
            title: 'Shop',
            checklist: [{ id: fakeId(), title: 'Milk', done: false }],
            labels: ['errands', 'مشتريات'],
          })}
        />
        <TaskCard task={makeTask({ title: 'Call Ana', labels: ['calls'] })} />
        <TaskCard task={makeTask({ title: 'Milk', labels: [] })} />
      </>,
    );
    const shop = screen.getByRole('article', {
      name: 'Shop, 0 of 1 checklist item done, labels errands, مشتريات',
    });
    const line = within(shop).getByText('errands').closest('[aria-hidden]');
    expect(line).toHaveTextContent('@errands @مشتريات');
    expect(line).toHaveClass('truncate', 'text-muted-foreground');
    // After the checklist's count, in the same line of marks.
    expect(line?.previousElementSibling).toHaveTextContent('0/1');
    expect(within(shop).getByText('مشتريات').tagName).toBe('BDI');
    expect(screen.getByRole('article', { name: 'Call Ana, label calls' })).toHaveTextContent('@calls');
    const milk = screen.getByRole('article', { name: 'Milk' });
    expect(within(milk).getByText('Milk').parentElement?.childElementCount).toBe(1);
  });

  it('shows none for a task cached before labels existed', () => {
    patchEchoes();
    const { labels: _labels, ...old } = makeTask({ title: 'Old copy' });
    renderWithProviders(<TaskCard task={old as Parameters<typeof TaskCard>[0]['task']} />);
    expect(screen.getByRole('article', { name: 'Old copy' })).not.toHaveTextContent('@');
  });
});

describe("A card's description", () => {
  it("shows only its first line, on one line, in the line's own direction, and nothing for none", () => {
    patchEchoes();
    renderWithProviders(
      <>
        <TaskCard task={makeTask({ title: 'Call the bank', description: 'Ask about fees\nThen the card' })} />
        <HabitCard habit={makeHabit({ title: 'Read', description: 'عشرون صفحة\nقبل النوم' })} />
        <TaskCard task={makeTask({ title: 'Milk', description: null })} />
      </>,
    );
    const bank = screen.getByRole('article', { name: 'Call the bank' });
    const line = within(bank).getByText('Ask about fees');
    expect(line).toHaveAttribute('dir', 'auto');
    expect(line).toHaveClass('truncate');
    expect(within(bank).queryByText(/Then the card/)).not.toBeInTheDocument();
    const read = screen.getByRole('article', { name: 'Read' });
    expect(within(read).getByText('عشرون صفحة')).toHaveAttribute('dir', 'auto');
    expect(within(read).queryByText(/قبل النوم/)).not.toBeInTheDocument();
    // The title is the text block's only line.
    const milk = screen.getByRole('article', { name: 'Milk' });
    expect(within(milk).getByText('Milk').parentElement?.childElementCount).toBe(1);
  });

  it('skips blank lines to the first with text', () => {
    patchEchoes();
    renderWithProviders(<TaskCard task={makeTask({ title: 'Pack', description: '  \n\n  Socks\nShoes' })} />);
    expect(screen.getByText('Socks')).toBeInTheDocument();
    expect(screen.queryByText(/Shoes/)).not.toBeInTheDocument();
    renderWithProviders(<TaskCard task={makeTask({ title: 'Plan', description: 'Trip\r\nTrain times' })} />);
    expect(screen.getByText('Trip')).toBeInTheDocument();
    expect(screen.queryByText(/Train times/)).not.toBeInTheDocument();
  });

  it('shows every line, wrapped, when the card is the one item (Execution Mode)', () => {
    patchEchoes();
    renderWithProviders(
      <TaskCard
        task={makeTask({ title: 'Call the bank', description: 'Ask about fees\nThen the card' })}
        wholeDescription
      />,
    );
    const whole = screen.getByText(/Ask about fees/);
    expect(whole.textContent).toBe('Ask about fees\nThen the card');
    expect(whole).toHaveClass('whitespace-pre-line');
    expect(whole).not.toHaveClass('truncate');
  });

  it('opens Edit when clicked, as the title does', async () => {
    const task = makeTask({ title: 'Fix bike', description: 'Back tyre' });
    installFakeApi(
      on('GET', /^\/api\/tasks/, () => ({ body: [task] })),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    const { user } = renderWithProviders(
      <>
        <TaskCard task={task} goal={null} />
        <ItemEditor />
      </>,
    );
    await user.click(screen.getByText('Back tyre'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: /Description/ })).toHaveValue('Back tyre');
  });
});

describe('HabitCard', () => {
  it('toggles completedToday, is purple, never struck through, and shows its count', async () => {
    const api = patchEchoes();
    const habit = makeHabit({ title: 'Meditate', completedToday: false, completionCount: 12 });
    const { user } = renderWithProviders(<HabitCard habit={habit} />);
    const card = screen.getByRole('article', { name: 'Meditate' });
    expect(card.className).toContain('bg-purple-50');
    expect(within(card).getByText('12')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Complete Meditate' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/habits/${habit.id}`,
      body: { completedToday: true },
    });
  });

  it('uses the same Today control and deletes with "Habit deleted"', async () => {
    const api = patchEchoes();
    const habit = makeHabit({ title: 'Walk', isToday: true });
    const { user } = renderWithProviders(<HabitCard habit={habit} />);
    await user.click(screen.getByRole('button', { name: 'Remove from Today' }));
    expect(await screen.findByText('Removed from Today')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for Walk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete habit' }));
    expect(await screen.findByText('Habit deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.writes().map((request) => request.method)).toEqual(['PATCH', 'DELETE']));
  });

  it('offers move up / move down when sortable, disabled at the ends', async () => {
    patchEchoes();
    const moved: string[] = [];
    const handle = { ref: () => {}, attributes: {} as never, listeners: undefined };
    const { user } = renderWithProviders(
      <HabitCard
        habit={makeHabit({ title: 'First' })}
        dragHandle={handle}
        onMoveDown={() => moved.push('down')}
      />,
    );
    expect(screen.getByRole('button', { name: 'Reorder First' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for First' }));
    expect(await screen.findByRole('menuitem', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Move down' }));
    expect(moved).toEqual(['down']);
  });
});
