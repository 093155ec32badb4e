import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { buildSections } from '../lib/item-sections';
import { ROWS_PER_STEP } from '../lib/use-drawn-in-steps';
import { makeGoal, makeTask } from '../testing/factories';
import { ItemSectionsList } from './item-sections-list';

// Each task card's drawings, by title: the card compares its props as the real one does.
const drawings = vi.hoisted(() => new Map<string, number>());
vi.mock('./task-card', async () => {
  const { memo } = await import('react');
  return {
    TaskCard: memo(function TaskCard({ task }: { task: { title: string } }) {
      drawings.set(task.title, (drawings.get(task.title) ?? 0) + 1);
      return <article aria-label={task.title} />;
    }),
  };
});

describe('ItemSectionsList', () => {
  it('draws a long goal in steps and each of its cards once, however many steps follow', async () => {
    installFakeApi(on('GET', /^\/api\//, () => ({ body: [] })));
    const goal = makeGoal({ title: 'Long goal', isHabitGoal: false });
    const tasks = Array.from({ length: 4 * ROWS_PER_STEP }, (_, index) =>
      makeTask({ title: `Task ${index}`, goalId: goal.id, sortOrder: index }),
    );
    const sections = buildSections([goal], tasks, []);
    const noop = () => undefined;
    renderWithProviders(
      <ItemSectionsList sections={sections} onAddHabit={noop} onAddTodo={noop} onAddTask={noop} />,
    );
    expect(screen.getAllByRole('article').length).toBeLessThan(ROWS_PER_STEP);
    // Each step waits for a timer and a transition; on a busy machine four take longer than waitFor's
    // default second, so the bound is generous: this is about what is drawn, not how fast.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(tasks.length), {
      timeout: 10_000,
    });
    expect(new Set(drawings.values())).toEqual(new Set([1]));
    expect(drawings.size).toBe(tasks.length);
  });
});
