import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo } from 'react';
import { describe, expect, it } from 'vitest';
import { type SortableItemControls, SortableList } from './sortable-list';

type Item = { id: string };
const items: Item[] = [{ id: 'A' }, { id: 'B' }, { id: 'C' }];
let drawings = 0;

/** A card that compares its props, as TaskCard and HabitCard do, and counts its drawings. */
const Row = memo(function Row({ item, onMoveUp, onMoveDown }: { item: Item } & SortableItemControls) {
  drawings += 1;
  return (
    <span>
      {item.id}
      <button type="button" disabled={!onMoveUp} onClick={onMoveUp}>{`Up ${item.id}`}</button>
      <button type="button" disabled={!onMoveDown} onClick={onMoveDown}>{`Down ${item.id}`}</button>
    </span>
  );
});

function List({ onReorder, drawn }: { onReorder: (ids: string[]) => void; drawn?: number }) {
  return (
    <SortableList
      items={items}
      drawn={drawn}
      getId={(item) => item.id}
      getLabel={(item) => item.id}
      label="Letters"
      onReorder={onReorder}
      renderItem={(item, controls) => <Row item={item} {...controls} />}
    />
  );
}

describe('SortableList', () => {
  it('moves by the order on screen, move after move, before the caller has new data', async () => {
    const orders: string[][] = [];
    render(<List onReorder={(ids) => orders.push(ids)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Down A' }));
    await user.click(screen.getByRole('button', { name: 'Down A' }));
    expect(orders).toEqual([
      ['B', 'A', 'C'],
      ['B', 'C', 'A'],
    ]);
    expect(screen.getByRole('button', { name: 'Down A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Up B' })).toBeDisabled();
  });

  it('does not draw a card again when the list around it is drawn again with the same items', () => {
    const { rerender } = render(<List onReorder={() => undefined} />);
    const afterFirst = drawings;
    // A new caller function and a new renderItem each time, as a parent's drawing gives.
    rerender(<List onReorder={() => undefined} />);
    rerender(<List onReorder={() => undefined} />);
    expect(drawings).toBe(afterFirst);
  });

  it('draws only the rows asked for, and moves within the whole list', async () => {
    const orders: string[][] = [];
    const { rerender } = render(<List drawn={2} onReorder={(ids) => orders.push(ids)} />);
    expect(screen.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'AUp ADown A',
      'BUp BDown B',
    ]);
    // B is not the list's last row, though it is the last one drawn.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Down B' }));
    expect(orders).toEqual([['A', 'C', 'B']]);
    rerender(<List drawn={3} onReorder={(ids) => orders.push(ids)} />);
    expect(screen.getAllByRole('listitem').map((row) => row.textContent?.[0])).toEqual(['A', 'C', 'B']);
  });
});
