import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import { ItemEditor } from '../../features/items';
import { resetItemEditor } from '../../features/items/lib/item-editor';
import { makeGoal, makeHabit, makeTask } from '../../features/items/testing/factories';
import { deferred, installFakeApi, on } from '../../testing/fake-api';
import { pressableToastButton, renderWithProviders } from '../../testing/render';
import { AllItemsRoute } from './all-items';

const fitness = makeGoal({ title: 'Fitness', color: 'emerald', sortOrder: 1, description: 'Get stronger' });
const routine = makeGoal({ title: 'Routine', color: 'amber', isHabitGoal: true, sortOrder: 2 });
const old = makeGoal({ title: 'Old plan', archived: true, sortOrder: 0 });

function serve(data: { goals: Goal[]; archived?: Goal[]; tasks: Task[]; habits: Habit[] }) {
  return installFakeApi(
    on('GET', '/api/goals?showArchived=false', () => ({ body: data.goals })),
    on('GET', '/api/goals?showArchived=true', () => ({ body: [...data.goals, ...(data.archived ?? [])] })),
    on('GET', '/api/tasks', () => ({ body: data.tasks })),
    on('GET', '/api/habits', () => ({ body: data.habits })),
    on('PATCH', /^\/api\/goals\//, (request) => {
      // Archiving moves the goal between the lists, so its section unmounts on the refetch.
      const id = request.path.split('/').pop();
      const changes = request.body as Partial<Goal>;
      const all = [...data.goals, ...(data.archived ?? [])].map((goal) =>
        goal.id === id ? { ...goal, ...changes } : goal,
      );
      data.goals = all.filter((goal) => !goal.archived);
      data.archived = all.filter((goal) => goal.archived);
      return { body: all.find((goal) => goal.id === id) };
    }),
    on('PATCH', /^\/api\/tasks\//, (request) => {
      const id = request.path.split('/').pop();
      data.tasks = data.tasks.map((task) =>
        task.id === id ? { ...task, ...(request.body as Partial<Task>) } : task,
      );
      return { body: data.tasks.find((task) => task.id === id) };
    }),
    on('DELETE', /^\/api\/goals\//, () => ({ status: 204 })),
    on('DELETE', '/api/tasks/completed', () => ({ status: 204 })),
    on('POST', '/api/tasks/reorder', (request) => {
      // Saved like the server does, so the refetch after the reorder returns the new order.
      const { items } = request.body as { items: Array<{ id: string; sortOrder: number }> };
      data.tasks = data.tasks.map((task) => {
        const moved = items.find((item) => item.id === task.id);
        return moved ? { ...task, sortOrder: moved.sortOrder } : task;
      });
      return { status: 204 };
    }),
  );
}

afterEach(resetItemEditor);

const sectionNames = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('AllItemsRoute', () => {
  it('shows 5 skeleton rows while loading', () => {
    const never = deferred<{ body: unknown }>();
    installFakeApi(on('GET', /^\/api\//, () => never.promise));
    renderWithProviders(<AllItemsRoute />);
    expect(screen.getByRole('status', { name: 'Loading items' })).toBeInTheDocument();
    expect(screen.getAllByTestId('all-items-skeleton-row')).toHaveLength(5);
  });

  it('says "Failed to fetch goals" when the goals call fails', async () => {
    installFakeApi(
      on('GET', /^\/api\/goals/, () => ({ status: 500, body: { message: 'boom' } })),
      on('GET', /^\/api\//, () => ({ body: [] })),
    );
    renderWithProviders(<AllItemsRoute />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch goals');
  });

  it('shows "No items yet" with an Add Goal button that opens the goal form', async () => {
    serve({ goals: [], tasks: [], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    expect(await screen.findByText('No items yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first goal, task, or habit to get started.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Goal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Item Type' })).not.toBeInTheDocument();
  });

  it('lists sections in the documented order with their texts, counts and empty states', async () => {
    serve({
      goals: [fitness, routine],
      tasks: [
        makeTask({ title: 'Run', goalId: fitness.id, sortOrder: 1 }),
        makeTask({ title: 'Lift', goalId: fitness.id, sortOrder: 0 }),
      ],
      habits: [],
    });
    renderWithProviders(<AllItemsRoute />);
    await screen.findByRole('heading', { name: 'Habits' });
    expect(sectionNames()).toEqual(['Habits', 'Routine', 'Todos', 'Fitness']);
    expect(screen.getByText('Build positive daily routines')).toBeInTheDocument();
    expect(screen.getByText('Standalone tasks to complete')).toBeInTheDocument();
    expect(screen.getByText('No habits yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first habit' })).toBeInTheDocument();
    expect(screen.getByText('No todos yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your first todo' })).toBeInTheDocument();
    expect(screen.getByText('No tasks in this goal yet')).toBeInTheDocument();
    expect(screen.getByTestId('all-items-count')).toHaveTextContent('2 of 2 items');
    const fitnessList = screen.getByRole('list', { name: 'Tasks in Fitness' });
    expect(
      within(fitnessList)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Lift', 'Run']);
    // Archive is offered on ordinary goals only.
    expect(screen.getAllByRole('button', { name: 'Archive goal' })).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'Routine' })).queryByRole('button', { name: 'Archive goal' }),
    ).toBeNull();
  });

  it('filters with the chips, updates the count, and shows "No matching items" when all are off', async () => {
    serve({
      goals: [fitness],
      tasks: [makeTask({ title: 'Run', goalId: fitness.id }), makeTask({ title: 'Shop', goalId: null })],
      habits: [makeHabit({ title: 'Read' })],
    });
    const { user } = renderWithProviders(<AllItemsRoute />);
    const chips = within(await screen.findByRole('group', { name: 'Show:' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Habits1',
      'Todos1',
      'Fitness1',
    ]);
    expect(screen.getByTestId('all-items-count')).toHaveTextContent('3 of 3 items');
    await user.click(chips.getByRole('button', { name: /Todos/ }));
    expect(screen.getByTestId('all-items-count')).toHaveTextContent('2 of 3 items');
    expect(screen.queryByRole('heading', { name: 'Todos' })).not.toBeInTheDocument();
    await user.dblClick(chips.getByRole('button', { name: /Fitness/ }));
    expect(sectionNames()).toEqual(['Fitness']);
    expect(screen.getByTestId('all-items-count')).toHaveTextContent('1 of 3 items');
    await user.click(chips.getByRole('button', { name: /Fitness/ }));
    expect(screen.getByText('No matching items')).toBeInTheDocument();
  });

  it('asks for archived goals with the toggle and archives with the documented toasts', async () => {
    const api = serve({ goals: [fitness], archived: [old], tasks: [], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    await screen.findByRole('heading', { name: 'Fitness' });
    expect(screen.queryByRole('heading', { name: 'Old plan' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show archived goals' }));
    expect(await screen.findByRole('heading', { name: 'Old plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide archived goals' })).toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).toContain('/api/goals?showArchived=true');

    await user.click(
      within(screen.getByRole('region', { name: 'Old plan' })).getByRole('button', {
        name: 'Unarchive goal',
      }),
    );
    expect(await screen.findByText('Goal unarchived')).toBeInTheDocument();
    expect(screen.getByText('The goal has been restored.')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Fitness' })).getByRole('button', { name: 'Archive goal' }),
    );
    expect(await screen.findByText('Goal archived')).toBeInTheDocument();
    expect(screen.getByText('The goal has been archived.')).toBeInTheDocument();
    expect(api.writes().map((request) => [request.path, request.body])).toEqual([
      [`/api/goals/${old.id}`, { archived: false }],
      [`/api/goals/${fitness.id}`, { archived: true }],
    ]);
  });

  it('deletes a goal after confirming, with "Goal deleted"', async () => {
    const api = serve({ goals: [fitness], tasks: [makeTask({ goalId: fitness.id })], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Goal actions for Fitness' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete goal' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('its 1 task');
    await user.click(within(confirm).getByRole('button', { name: 'Delete goal' }));
    expect(await screen.findByText('Goal deleted')).toBeInTheDocument();
    expect(screen.getByText('The goal and its tasks have been deleted.')).toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: 'DELETE', path: `/api/goals/${fitness.id}`, body: undefined }]);
  });

  it('opens the dialog fixed to a goal from its add button', async () => {
    serve({ goals: [fitness], tasks: [], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Add task to Fitness' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Adding to goal:/)).toHaveTextContent('Adding to goal: Fitness');
  });

  it('moves a task down with the menu: the order shows at once and is saved for that goal', async () => {
    const lift = makeTask({ title: 'Lift', goalId: fitness.id, sortOrder: 0 });
    const run = makeTask({ title: 'Run', goalId: fitness.id, sortOrder: 1 });
    const api = serve({ goals: [fitness], tasks: [lift, run], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Lift' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move down' }));
    const list = screen.getByRole('list', { name: 'Tasks in Fitness' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Run', 'Lift']);
    await waitFor(() =>
      expect(api.writes()).toEqual([
        {
          method: 'POST',
          path: '/api/tasks/reorder',
          body: {
            goalId: fitness.id,
            items: [
              { id: run.id, sortOrder: 0 },
              { id: lift.id, sortOrder: 1 },
            ],
          },
        },
      ]),
    );
  });

  it('rolls the order back when saving it fails', async () => {
    const lift = makeTask({ title: 'Lift', goalId: null, sortOrder: 0 });
    const run = makeTask({ title: 'Run', goalId: null, sortOrder: 1 });
    installFakeApi(
      on('POST', '/api/tasks/reorder', () => ({ status: 400, body: { message: 'nope' } })),
      on('GET', '/api/goals?showArchived=false', () => ({ body: [] })),
      on('GET', '/api/tasks', () => ({ body: [lift, run] })),
      on('GET', '/api/habits', () => ({ body: [] })),
    );
    const { user } = renderWithProviders(<AllItemsRoute />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Run' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    expect(await screen.findByText('Could not save the new order')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Todos' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('article')
          .map((card) => card.getAttribute('aria-label')),
      ).toEqual(['Lift', 'Run']),
    );
  });

  it('a deleted todo leaves at once; Undo brings it back and nothing is sent', async () => {
    const shop = makeTask({ title: 'Shop' });
    const api = serve({ goals: [], tasks: [shop, makeTask({ title: 'Cook' })], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    await user.click(await screen.findByRole('button', { name: 'More actions for Shop' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete task' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Shop' })).not.toBeInTheDocument());
    expect(screen.getByTestId('all-items-count')).toHaveTextContent('1 of 1 item');
    await user.click(await pressableToastButton('Undo'));
    expect(await screen.findByRole('article', { name: 'Shop' })).toBeInTheDocument();
    expect(screen.getByTestId('all-items-count')).toHaveTextContent('2 of 2 items');
    expect(api.writes()).toEqual([]);
  });

  it('clears completed todos and completed goal tasks with the matching calls', async () => {
    const api = serve({
      goals: [fitness, routine],
      tasks: [
        makeTask({ title: 'Done todo', completed: true }),
        makeTask({ title: 'Open todo' }),
        makeTask({ title: 'Done run', goalId: fitness.id, completed: true }),
      ],
      habits: [],
    });
    const { user } = renderWithProviders(<AllItemsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Clear completed todos' }));
    expect(await screen.findByText('Completed tasks cleared')).toBeInTheDocument();
    expect(screen.getByText('1 completed task has been deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Goal actions for Fitness' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Clear completed tasks' }));
    // The first toast was replaced, so its delete went; the second goes when its toast does.
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /api/tasks/completed',
      `DELETE /api/goals/${fitness.id}/tasks/completed`,
    ]);
    // Habit goals reset daily, so they offer no such action.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Goal actions for Routine' }));
    await screen.findByRole('menuitem', { name: 'Edit goal' });
    expect(screen.queryByRole('menuitem', { name: 'Clear completed tasks' })).not.toBeInTheDocument();
  });

  it('collapses and expands a section from its heading', async () => {
    serve({ goals: [], tasks: [makeTask({ title: 'Shop' })], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    const toggle = await screen.findByRole('button', { name: 'Todos', expanded: true });
    expect(screen.getByRole('article', { name: 'Shop' })).toBeVisible();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Todos', expanded: false })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Shop' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Todos' }));
    expect(screen.getByRole('article', { name: 'Shop' })).toBeVisible();
  });

  it("edits a goal from its menu with the goal's values filled in", async () => {
    serve({ goals: [fitness], tasks: [], habits: [] });
    // The edit dialog is the app's one ItemEditor, beside the screen as the signed-in frame draws it.
    const { user } = renderWithProviders(
      <>
        <AllItemsRoute />
        <ItemEditor />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Goal actions for Fitness' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit goal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Item' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Fitness');
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue('Get stronger');
    expect(within(dialog).getByRole('radio', { name: 'Emerald' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Habit Goal' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });
});

describe('Selecting several items on All Items (docs/product.md#selecting-several-items)', () => {
  const title = async (text: string) =>
    within(await screen.findByRole('article', { name: new RegExp(`^${text}`) })).getByText(text);

  it('"Change…" gives the chosen tasks a priority and a goal in the screen’s order, and Undo puts both back', async () => {
    const run = makeTask({ title: 'Run 5k', sortOrder: 0 });
    const stretch = makeTask({ title: 'Stretch plan', sortOrder: 1, priority: 1 });
    const meditate = makeHabit({ title: 'Meditate' });
    const api = serve({ goals: [fitness], tasks: [run, stretch], habits: [meditate] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    // Chosen in the other order than shown, and a habit among them.
    fireEvent.click(await title('Stretch plan'), { ctrlKey: true });
    fireEvent.click(await title('Run 5k'), { ctrlKey: true });
    fireEvent.click(await title('Meditate'), { ctrlKey: true });
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected items' });
    await user.click(within(toolbar).getByRole('button', { name: 'Change…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change tasks' });
    expect(dialog).toHaveTextContent('2 tasks; the habit has no priority, goal or labels.');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await user.selectOptions(within(dialog).getByLabelText('Goal'), 'Fitness');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));

    expect(await screen.findByText('2 tasks changed.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${run.id}`, body: { priority: 3, goalId: fitness.id } },
      { method: 'PATCH', path: `/api/tasks/${stretch.id}`, body: { priority: 3, goalId: fitness.id } },
    ]);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(4));
    expect(api.writes().slice(2)).toEqual([
      { method: 'PATCH', path: `/api/tasks/${run.id}`, body: { priority: 0, goalId: null, sortOrder: 0 } },
      {
        method: 'PATCH',
        path: `/api/tasks/${stretch.id}`,
        body: { priority: 1, goalId: null, sortOrder: 1 },
      },
    ]);
  });

  it('sends only what differs: a priority alone says so, and a task that has it already is left alone', async () => {
    const run = makeTask({ title: 'Run 5k', sortOrder: 0, priority: 3 });
    const stretch = makeTask({ title: 'Stretch plan', sortOrder: 1 });
    const api = serve({ goals: [fitness], tasks: [run, stretch], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    fireEvent.click(await title('Run 5k'), { ctrlKey: true });
    fireEvent.click(await title('Stretch plan'), { ctrlKey: true });
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected items' });
    await user.click(within(toolbar).getByRole('button', { name: 'Change…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change tasks' });
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('1 task is high priority.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${stretch.id}`, body: { priority: 3 } },
    ]);
  });
  it('"Add labels" adds to each task’s own labels, names a word it refuses, and Undo puts the old ones back', async () => {
    const run = makeTask({ title: 'Run 5k', sortOrder: 0, labels: ['outside'] });
    const stretch = makeTask({ title: 'Stretch plan', sortOrder: 1, labels: ['Errands'] });
    const api = serve({ goals: [], tasks: [run, stretch], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    fireEvent.click(await title('Run 5k'), { ctrlKey: true });
    fireEvent.click(await title('Stretch plan'), { ctrlKey: true });
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected items' });
    await user.click(within(toolbar).getByRole('button', { name: 'Change…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change tasks' });
    const line = within(dialog).getByRole('textbox', { name: 'Add labels (optional)' });
    await user.type(line, 'errands two-words! calls');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('“two-words!”: A label is one word');
    expect(line).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toEqual([]);

    await user.clear(line);
    await user.type(line, '@errands');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    // The task that has it already, in another case, is left alone.
    expect(await screen.findByText('1 task has @errands now.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${run.id}`, body: { labels: ['outside', 'errands'] } },
    ]);
    await user.click(await pressableToastButton('Undo'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toEqual({
      method: 'PATCH',
      path: `/api/tasks/${run.id}`,
      body: { labels: ['outside'] },
    });
  });
  it('"Add to Today" sends the chosen in the screen’s order, one after another, so Today keeps it', async () => {
    const run = makeTask({ title: 'Run 5k', sortOrder: 0 });
    const stretch = makeTask({ title: 'Stretch plan', sortOrder: 1 });
    const api = serve({ goals: [], tasks: [run, stretch], habits: [] });
    const { user } = renderWithProviders(<AllItemsRoute />);
    fireEvent.click(await title('Stretch plan'), { ctrlKey: true });
    fireEvent.click(await title('Run 5k'), { ctrlKey: true });
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected items' });
    await user.click(within(toolbar).getByRole('button', { name: 'Add to Today' }));
    expect(await screen.findByText('2 items added to your today list.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${run.id}`, body: { isToday: true } },
      { method: 'PATCH', path: `/api/tasks/${stretch.id}`, body: { isToday: true } },
    ]);
  });
});
