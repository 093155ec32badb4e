import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { goalFilterKey, type HiddenFilters, NO_FILTERS } from '#shared/domain/filters';
import { renderWithProviders } from '../../../testing/render';
import { type FilterChip, FilterChips } from './filter-chips';

const chips: FilterChip[] = [
  { key: 'habits', label: 'Habits', count: 2, color: 'purple' },
  { key: 'todos', label: 'Todos', count: 5, color: 'green' },
  { key: goalFilterKey('g1'), label: 'Fitness', count: 3, color: 'emerald' },
];

function Harness() {
  const [hidden, setHidden] = useState<HiddenFilters>(NO_FILTERS);
  return <FilterChips chips={chips} hidden={hidden} onChange={setHidden} />;
}

const pressed = () =>
  screen.getAllByRole('button').map((chip) => [chip.textContent, chip.getAttribute('aria-pressed')]);

describe('FilterChips', () => {
  it('shows each chip with its count under "Show:", all on at first', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('group', { name: 'Show:' })).toBeInTheDocument();
    expect(pressed()).toEqual([
      ['Habits2', 'true'],
      ['Todos5', 'true'],
      ['Fitness3', 'true'],
    ]);
  });

  it('toggles a chip on click', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: /Todos/ }));
    expect(screen.getByRole('button', { name: /Todos/ })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: /Todos/ }));
    expect(screen.getByRole('button', { name: /Todos/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows only the double-clicked chip, and everything again on a second double-click', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.dblClick(screen.getByRole('button', { name: /Fitness/ }));
    expect(pressed()).toEqual([
      ['Habits2', 'false'],
      ['Todos5', 'false'],
      ['Fitness3', 'true'],
    ]);
    await user.dblClick(screen.getByRole('button', { name: /Fitness/ }));
    expect(pressed().every(([, state]) => state === 'true')).toBe(true);
  });
});
