import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ItemCardFrame, type ItemCardFrameProps } from './item-card-frame';

/* A click on a card's title and the lines under it opens Edit (docs/product.md#cards). */

function renderFrame(props: Partial<ItemCardFrameProps> = {}) {
  installFakeApi(on('GET', /^\/api\//, () => ({ body: [] })));
  const handlers = {
    onEdit: vi.fn(),
    onToggleDone: vi.fn(),
    onToggleToday: vi.fn(),
    onShowHistory: vi.fn(),
  };
  const rendered = renderWithProviders(
    <ItemCardFrame
      kind="habit"
      title="Stretch"
      done={false}
      strikeWhenDone={false}
      completionPending={false}
      isToday={false}
      todayPending={false}
      onDelete={vi.fn()}
      completionCount={3}
      meta={<span>Every weekday</span>}
      {...handlers}
      {...props}
    />,
  );
  return { ...rendered, ...handlers };
}

describe('ItemCardFrame title', () => {
  it('opens Edit from a click on the title or the line under it', async () => {
    const { user, onEdit } = renderFrame();
    await user.click(screen.getByText('Stretch'));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByText('Every weekday'));
    expect(onEdit).toHaveBeenCalledTimes(2);
  });

  it('leaves the circle, the Today toggle, the badge and the menu to their own work', async () => {
    const { user, onEdit, onToggleDone, onToggleToday, onShowHistory } = renderFrame();
    await user.click(screen.getByRole('checkbox', { name: 'Complete Stretch' }));
    expect(onToggleDone).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Add to Today' }));
    expect(onToggleToday).toHaveBeenCalledTimes(1);
    // The badge sits inside the text block, and still opens the history, not Edit.
    await user.click(screen.getByRole('button', { name: 'History of Stretch: 3 days done' }));
    expect(onShowHistory).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'More actions for Stretch' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit habit' })).toBeInTheDocument();
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('does not open Edit when the click ends a drag that selected text', async () => {
    const { user, onEdit } = renderFrame();
    const title = screen.getByText('Stretch');
    await user.pointer([
      { keys: '[MouseLeft>]', target: title, offset: 0 },
      { target: title, offset: 4 },
      { keys: '[/MouseLeft]', target: title },
    ]);
    expect(window.getSelection()?.toString()).toBe('Stre');
    expect(onEdit).not.toHaveBeenCalled();
    // A plain click afterwards (which clears the selection) opens it.
    await user.click(title);
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});
