import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, on } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { resetItemEditor } from '../lib/item-editor';
import { makeTask } from '../testing/factories';
import { ItemCardFrame, type ItemCardFrameProps } from './item-card-frame';
import { ItemEditor } from './item-editor';
import { TaskCard } from './task-card';

/* A click on a card's title and the lines under it opens Edit (docs/product.md#cards). */

afterEach(resetItemEditor);

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

  it("opens the card's Edit dialog, whose closing gives focus to the card's Edit button", async () => {
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
    await user.click(screen.getByText('Fix bike'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Item' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Fix bike');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit task' })).toHaveFocus();
  });
});
