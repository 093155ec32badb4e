import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import { deferred, installFakeApi, on, type Reply } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { editItem, resetItemEditor } from '../lib/item-editor';
import { makeHabit, makeTask } from '../testing/factories';
import { ItemEditor } from './item-editor';

/*
 * The one edit dialog follows its item in the lists while open (docs/product.md#dialog-lifecycle):
 * a change made elsewhere keeps the typed fields and asks, a delete says so, and neither this tab's
 * own save nor an old cached list is taken for news.
 */

afterEach(resetItemEditor);

/** A fake server holding one list of tasks and one of habits, which a test changes "elsewhere". */
function serve(data: { tasks: Task[]; habits?: Habit[] }, tasksAnswer?: () => Promise<Reply>) {
  return installFakeApi(
    on('GET', '/api/tasks', () => tasksAnswer?.() ?? { body: data.tasks }),
    on('GET', '/api/habits', () => ({ body: data.habits ?? [] })),
    on('GET', '/api/goals?showArchived=true', () => ({ body: [] })),
    on('GET', /^\/api\/(today|upcoming)/, () => ({ body: { tasks: [], habits: [] } })),
    on('PATCH', /^\/api\/tasks\//, (request) => {
      const id = request.path.split('/').pop();
      data.tasks = data.tasks.map((task) =>
        task.id === id ? { ...task, ...(request.body as object) } : task,
      );
      return { body: data.tasks.find((task) => task.id === id) };
    }),
    on('PATCH', /^\/api\/habits\//, (request) => ({
      body: { ...data.habits?.[0], ...(request.body as object) },
    })),
  );
}

/** Opens the editor on `task`, types `typed` into its title, and waits until its list has been read. */
async function openEditor(task: Task, typed: string) {
  const view = renderWithProviders(<ItemEditor />);
  editItem({ kind: 'task', task });
  const dialog = await screen.findByRole('dialog');
  const title = await within(dialog).findByRole('textbox', { name: 'Title' });
  await view.user.type(title, typed);
  await waitFor(() => expect(view.client.getQueryState(['api', 'tasks'])?.status).toBe('success'));
  return { ...view, dialog, title };
}

const changedNotice = () => screen.queryByText('Changed on another device');

describe('ItemEditor', () => {
  it('keeps what was typed when the item is saved elsewhere, says what changed, and "Keep mine" saves it', async () => {
    const task = makeTask({ title: 'Buy milk' });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog, title } = await openEditor(task, ' today');

    data.tasks = [{ ...task, title: 'Buy soy milk', plannedFor: '2030-01-15' }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent('Changed on another device');
    expect(notice).toHaveTextContent('Its title and day were changed there.');
    expect(title).toHaveValue('Buy milk today');

    await user.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    expect(changedNotice()).not.toBeInTheDocument();
    expect(title).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    // Mine, whole: the day the form shows (none) is sent, since it differs from the day saved there.
    expect(api.writes()[0]?.body).toEqual({
      title: 'Buy milk today',
      goalId: null,
      isToday: false,
      plannedFor: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Take the new values" puts the other device\'s values in the fields', async () => {
    const task = makeTask({ title: 'Buy milk' });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog, title } = await openEditor(task, ' today');

    data.tasks = [{ ...task, title: 'Buy soy milk', isToday: true }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent('Its title and Today were changed there.');
    await user.click(within(notice).getByRole('button', { name: 'Take the new values' }));
    expect(changedNotice()).not.toBeInTheDocument();
    expect(title).toHaveValue('Buy soy milk');
    expect(title).toHaveFocus();
    expect(within(dialog).getByRole('checkbox', { name: 'Add to Today' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Buy soy milk', goalId: null, isToday: true });
  });

  it('a description changed elsewhere is named, and "Take the new values" puts it in its field', async () => {
    const task = makeTask({ title: 'Buy milk', description: 'Oat' });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog } = await openEditor(task, ' today');
    const description = within(dialog).getByRole('textbox', { name: /Description/ });

    data.tasks = [{ ...task, description: 'Oat, or soy\nTwo cartons' }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent('Its description was changed there.');
    expect(description).toHaveValue('Oat');
    await user.click(within(notice).getByRole('button', { name: 'Take the new values' }));
    expect(description).toHaveValue('Oat, or soy\nTwo cartons');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Buy milk', goalId: null, isToday: false });
  });

  it('a priority changed elsewhere is named, and "Take the new values" shows it', async () => {
    const task = makeTask({ title: 'File taxes', priority: 1 });
    const data = { tasks: [task] };
    serve(data);
    const { user, client, dialog } = await openEditor(task, ' today');
    const priority = within(dialog).getByRole('combobox', { name: 'Priority' });
    expect(priority).toHaveDisplayValue('Low');

    data.tasks = [{ ...task, priority: 3 }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent('Its priority was changed there.');
    await user.click(within(notice).getByRole('button', { name: 'Take the new values' }));
    expect(priority).toHaveDisplayValue('High');
  });

  it('labels changed elsewhere are named; "Take the new values" shows them, "Keep mine" sends mine', async () => {
    const task = makeTask({ title: 'Shop', labels: ['errands'] });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog } = await openEditor(task, ' today');
    const labels = within(dialog).getByRole('textbox', { name: /Labels/ });
    expect(labels).toHaveValue('errands');

    data.tasks = [{ ...task, labels: ['errands', 'town'] }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent('Its labels were changed there.');
    await user.click(within(notice).getByRole('button', { name: 'Take the new values' }));
    expect(labels).toHaveValue('errands town');

    // Changed there again: the person keeps their own line, which is sent since it differs.
    await user.clear(labels);
    await user.type(labels, 'errands');
    data.tasks = [{ ...task, labels: ['town'] }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    await user.click(await within(dialog).findByRole('button', { name: 'Keep mine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    // The title came back with the new values; the line the person kept is sent, as it differs.
    expect(api.writes()[0]?.body).toEqual({
      title: 'Shop',
      goalId: null,
      isToday: false,
      labels: ['errands'],
    });
  });

  it('a tick or a new count elsewhere is not an edit: nothing is said', async () => {
    const habit = makeHabit({ title: 'Stretch', completedToday: false, completionCount: 3 });
    const data = { tasks: [], habits: [habit] };
    serve(data);
    const { client } = renderWithProviders(<ItemEditor />);
    editItem({ kind: 'habit', habit });
    await screen.findByRole('dialog');
    await waitFor(() => expect(client.getQueryState(['api', 'habits'])?.status).toBe('success'));
    data.habits = [{ ...habit, completedToday: true, completionCount: 4, sortOrder: 9 }];
    await client.invalidateQueries({ queryKey: ['api', 'habits'] });
    await waitFor(() => expect(client.getQueryState(['api', 'habits'])?.fetchStatus).toBe('idle'));
    expect(changedNotice()).not.toBeInTheDocument();
  });

  it('takes no news from a cached list older than the card it opened from', async () => {
    const before = makeTask({ title: 'Buy milk' });
    const task = { ...before, title: 'Buy oat milk' };
    const answer = deferred<Reply>();
    serve({ tasks: [task] }, () => answer.promise);
    const { client } = renderWithProviders(<ItemEditor />);
    // This tab saved the new title on Today a moment ago: the cached list is out of date.
    client.setQueryData(['api', 'tasks'], [before]);
    await client.invalidateQueries({ queryKey: ['api', 'tasks'], refetchType: 'none' });
    editItem({ kind: 'task', task });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Buy oat milk');
    expect(changedNotice()).not.toBeInTheDocument();
    answer.resolve({ body: [task] });
    await waitFor(() => expect(client.getQueryState(['api', 'tasks'])?.fetchStatus).toBe('idle'));
    expect(changedNotice()).not.toBeInTheDocument();
  });

  it('an item deleted elsewhere: the dialog stays with what was typed, says so, and cannot save', async () => {
    const task = makeTask({ title: 'Buy milk' });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog, title } = await openEditor(task, ' today');

    data.tasks = [];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Deleted on another device');
    expect(alert).toHaveTextContent('This task no longer exists, so it cannot be saved.');
    expect(title).toHaveValue('Buy milk today');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(title, '{Enter}');
    expect(api.writes()).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a checklist tick made elsewhere shows at once on the boxes left alone, announces nothing, and a save keeps it', async () => {
    const steps = [
      { id: '44444444-4444-4444-8444-444444444444', title: 'Passport', done: false },
      { id: '55555555-5555-4555-8555-555555555555', title: 'Charger', done: true },
    ];
    const task = makeTask({ title: 'Pack', checklist: steps });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog } = await openEditor(task, ' bags');
    const box = (name: string) => within(dialog).getByRole('checkbox', { name: `Done: ${name}` });
    // The person unticks Charger here; another device ticks Passport.
    await user.click(box('Charger'));
    data.tasks = [{ ...task, checklist: [{ ...steps[0]!, done: true }, steps[1]!] }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    await waitFor(() => expect(box('Passport')).toBeChecked());
    expect(box('Charger')).not.toBeChecked();
    expect(changedNotice()).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({
      checklist: [
        { id: steps[0]!.id, title: 'Passport', done: true },
        { id: steps[1]!.id, title: 'Charger', done: false },
      ],
    });
  });

  it("a tick made elsewhere alone is no change of the person's: the save sends no checklist", async () => {
    const steps = [{ id: '44444444-4444-4444-8444-444444444444', title: 'Passport', done: false }];
    const task = makeTask({ title: 'Pack', checklist: steps });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog } = await openEditor(task, ' bags');
    data.tasks = [{ ...task, checklist: [{ ...steps[0]!, done: true }] }];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Done: Passport' })).toBeChecked(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ title: 'Pack bags', goalId: null, isToday: false });
  });

  it('new checklist words elsewhere are named, and "Keep mine" saves the list as this dialog shows it', async () => {
    const steps = [
      { id: '44444444-4444-4444-8444-444444444444', title: 'Passport', done: false },
      { id: '55555555-5555-4555-8555-555555555555', title: 'Charger', done: false },
    ];
    const task = makeTask({ title: 'Pack', checklist: steps });
    const data = { tasks: [task] };
    const api = serve(data);
    const { user, client, dialog } = await openEditor(task, ' bags');
    data.tasks = [
      { ...task, checklist: [{ ...steps[0]!, title: 'Passport and visa', done: true }, steps[1]!] },
    ];
    await client.invalidateQueries({ queryKey: ['api', 'tasks'] });
    const notice = await within(dialog).findByRole('status');
    expect(notice).toHaveTextContent('Its checklist was changed there.');
    await user.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    // The words shown here; the tick made there on an item left alone here.
    expect(api.writes()[0]?.body).toMatchObject({
      checklist: [
        { id: steps[0]!.id, title: 'Passport', done: true },
        { id: steps[1]!.id, title: 'Charger', done: false },
      ],
    });
  });
});
