import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '#shared/api/tasks';
import { ItemEditor } from '../../features/items';
import { resetItemEditor } from '../../features/items/lib/item-editor';
import { makeGoal, makeHabit, makeTask } from '../../features/items/testing/factories';
import { installFakeApi, on } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { AllItemsRoute } from '../routes/all-items';
import { CommandLayer } from './command-layer';
import { SearchButton } from './search-button';

const health = makeGoal({ title: 'Health', description: 'Run a marathon in spring', sortOrder: 1 });
const shoes = makeTask({ title: 'Buy running shoes', goalId: null, sortOrder: 1 });
const running = makeTask({ title: 'Running plan', goalId: null, sortOrder: 2 });
const quran = makeTask({ title: 'قراءة القرآن', goalId: null, sortOrder: 3 });
const stretch = makeHabit({ title: 'Stretch', description: 'After each long run', sortOrder: 1 });

function serve(tasks: Task[] = [shoes, running, quran], habits = [stretch]) {
  return installFakeApi(
    on('GET', '/api/goals?showArchived=false', () => ({ body: [health] })),
    // The edit dialog's goal picker asks for every goal.
    on('GET', '/api/goals?showArchived=true', () => ({ body: [health] })),
    on('GET', '/api/tasks', () => ({ body: tasks })),
    on('GET', '/api/habits', () => ({ body: habits })),
    on('PATCH', /^\/api\/tasks\//, (request) => ({
      body: { ...tasks.find((task) => request.path.endsWith(task.id)), ...(request.body as object) },
    })),
  );
}

function renderApp() {
  return renderWithProviders(
    <>
      <SearchButton />
      <main id="main">
        <AllItemsRoute />
      </main>
      <CommandLayer />
      <ItemEditor />
    </>,
  );
}

afterEach(resetItemEditor);

const options = () => within(screen.getByRole('listbox', { name: 'Results' })).getAllByRole('option');

describe('search', () => {
  it('opens with "/", ranks a title prefix first, moves with the arrows and opens the pick in Edit', async () => {
    const api = serve();
    const { user } = renderApp();
    const opener = await screen.findByRole('button', { name: 'Add Item' }, { timeout: 5000 });
    opener.focus();
    await user.keyboard('/');
    const field = await screen.findByRole(
      'combobox',
      { name: 'Search goals, tasks and habits' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('run');
    expect(options().map((option) => option.textContent)).toEqual([
      'TaskRunning plan',
      'TaskBuy running shoes',
      'GoalHealthRun a marathon in spring',
      'HabitStretchAfter each long run',
    ]);
    expect(field).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options()[1]?.id);
    // The lists came from what All Items had loaded: search asked for nothing more.
    expect(api.paths()).toHaveLength(3);
    await user.keyboard('{Enter}');
    const edit = await screen.findByRole('dialog', { name: 'Edit Item' }, { timeout: 5000 });
    expect(await within(edit).findByRole('textbox', { name: /Title/ })).toHaveValue('Buy running shoes');
  });

  it("finds a task by a checklist item's words after every description, and shows that item", async () => {
    const pack = makeTask({
      title: 'Pack',
      sortOrder: 4,
      checklist: [
        { id: '44444444-4444-4444-8444-444444444444', title: 'Passport', done: true },
        { id: '55555555-5555-4555-8555-555555555555', title: 'Trail running socks', done: false },
      ],
    });
    serve([shoes, pack]);
    const { user } = renderApp();
    await screen.findByRole('article', { name: /^Pack/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const field = await screen.findByRole('combobox', {}, { timeout: 5000 });
    expect(
      screen.getByText('Type a title, words from a description or a checklist, or @ and a label.'),
    ).toBeInTheDocument();
    await user.keyboard('run');
    expect(options().map((option) => option.textContent)).toEqual([
      'TaskBuy running shoes',
      'GoalHealthRun a marathon in spring',
      'HabitStretchAfter each long run',
      'TaskPackTrail running socks',
    ]);
    await user.clear(field);
    await user.keyboard('PASSPORT');
    expect(options().map((option) => option.textContent)).toEqual(['TaskPackPassport']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });

  it('finds tasks by "@" and the start of a label, and by a label last for a plain query, showing the label', async () => {
    const milk = makeTask({ title: 'Milk', sortOrder: 4, labels: ['errands', 'مشتريات'] });
    const call = makeTask({ title: 'Call the garage', sortOrder: 5, labels: ['Trail-run', 'calls'] });
    serve([shoes, milk, call]);
    const { user } = renderApp();
    await screen.findByRole('article', { name: /^Milk/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const field = await screen.findByRole('combobox', {}, { timeout: 5000 });
    await user.keyboard('@ERR');
    expect(options().map((option) => option.textContent)).toEqual(['TaskMilk@errands']);
    await user.clear(field);
    await user.keyboard('@مش');
    expect(options().map((option) => option.textContent)).toEqual(['TaskMilk@مشتريات']);
    expect(within(options()[0]!).getByText('مشتريات').tagName).toBe('BDI');
    // A plain query finds the title first, the label last.
    await user.clear(field);
    await user.keyboard('run');
    expect(options().map((option) => option.textContent)).toEqual([
      'TaskBuy running shoes',
      'GoalHealthRun a marathon in spring',
      'HabitStretchAfter each long run',
      'TaskCall the garage@Trail-run',
    ]);
    await user.clear(field);
    await user.keyboard('@run');
    expect(screen.getByText('No matches.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
  });

  it('finds an Arabic title typed without its hamza, and Esc gives focus back to the opener', async () => {
    serve();
    const { user } = renderApp();
    await screen.findByRole('article', { name: 'قراءة القرآن' }, { timeout: 5000 });
    const opener = screen.getByRole('button', { name: 'Search' });
    await user.click(opener);
    await screen.findByRole('combobox', {}, { timeout: 5000 });
    await user.keyboard('القران');
    expect(options().map((option) => option.textContent)).toEqual(['Taskقراءة القرآن']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('keyboard shortcuts', () => {
  it('j and k move focus between cards, x completes the focused one through its own handler', async () => {
    const api = serve([shoes, running, quran], []);
    const { user } = renderApp();
    await screen.findByRole('article', { name: 'Buy running shoes' }, { timeout: 5000 });
    await user.keyboard('j');
    const first = document.activeElement;
    expect(first).toHaveAttribute('data-card');
    await user.keyboard('j');
    const second = document.activeElement;
    expect(second).not.toBe(first);
    await user.keyboard('k');
    expect(document.activeElement).toBe(first);
    await user.keyboard('x');
    const title = first?.getAttribute('aria-label');
    const ticked = [shoes, running, quran, stretch].find((item) => item.title === title);
    await waitFor(() =>
      expect(api.writes().map((request) => request.path)).toContain(
        `/api/${ticked === stretch ? 'habits' : 'tasks'}/${ticked?.id}`,
      ),
    );
  });

  it("1 to 4 set the focused task's priority, as Todoist's keys do; on a habit they do nothing", async () => {
    const api = serve([shoes], [stretch]);
    const { user } = renderApp();
    const card = await screen.findByRole('article', { name: 'Buy running shoes' }, { timeout: 5000 });
    card.focus();
    await user.keyboard('1');
    expect(await screen.findByText('“Buy running shoes” is high priority.')).toBeInTheDocument();
    await user.keyboard('2');
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/tasks/${shoes.id}`, body: { priority: 3 } },
      { method: 'PATCH', path: `/api/tasks/${shoes.id}`, body: { priority: 2 } },
    ]);
    // The priority it has (this fake server keeps none): said, and nothing sent.
    await user.keyboard('4');
    expect(await screen.findByText('“Buy running shoes” has no priority.')).toBeInTheDocument();
    screen.getByRole('article', { name: 'Stretch' }).focus();
    await user.keyboard('2');
    expect(api.writes()).toHaveLength(2);
  });

  it('s chooses the card in focus and j, s choose the next (docs/product.md#selecting-several-items)', async () => {
    serve([shoes, running], []);
    const { user } = renderApp();
    await screen.findByRole('article', { name: 'Buy running shoes' }, { timeout: 5000 });
    await user.keyboard('j');
    await user.keyboard('s');
    const toolbar = await screen.findByRole('toolbar', { name: 'Selected items' }, { timeout: 5000 });
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
    await user.keyboard('js');
    expect(within(toolbar).getByRole('status')).toHaveTextContent('2 selected');
    // Again on the card in focus: deselected.
    await user.keyboard('s');
    expect(within(toolbar).getByRole('status')).toHaveTextContent('1 selected');
  });

  it('ignores keys typed in a field and with modifiers, and "?" lists the shortcuts', async () => {
    const api = serve();
    const { user } = renderApp();
    await screen.findByRole('article', { name: 'Buy running shoes' }, { timeout: 5000 });
    await user.keyboard('{Control>}j{/Control}');
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5000 });
    expect(help).toHaveTextContent('Go to Upcoming');
    await user.keyboard('x');
    expect(api.writes()).toEqual([]);
  });
});
