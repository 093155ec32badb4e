import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IconTooltip, TOOLTIP_DELAY_MS, TooltipLayer, tooltipProps } from './tooltip';

function Controls() {
  return (
    <>
      <IconTooltip label="Add to Today">
        <button type="button">+</button>
      </IconTooltip>
      <IconTooltip label="Edit task">
        <button type="button">E</button>
      </IconTooltip>
      <span {...tooltipProps('Goal: Launch')}>Launch</span>
      <TooltipLayer />
    </>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tooltips', () => {
  it('names an icon control with its hint, one string for both', () => {
    render(<Controls />);
    const add = screen.getByRole('button', { name: 'Add to Today' });
    expect(add.getAttribute('data-tooltip')).toBe('Add to Today');
  });

  it('shows the hint after the delay on hover, not before, and hides it when the pointer leaves', async () => {
    const user = userEvent.setup();
    render(<Controls />);
    await user.hover(screen.getByRole('button', { name: 'Add to Today' }));
    await wait(TOOLTIP_DELAY_MS / 2);
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('Add to Today');
    await user.unhover(screen.getByRole('button', { name: 'Add to Today' }));
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('moving from one hint to the next shows the next at once', async () => {
    const user = userEvent.setup();
    render(<Controls />);
    await user.hover(screen.getByRole('button', { name: 'Add to Today' }));
    await screen.findByRole('tooltip', { hidden: true });
    await user.hover(screen.getByRole('button', { name: 'Edit task' }));
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Edit task');
    await user.hover(screen.getByText('Launch'));
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Goal: Launch');
  });

  it('shows at once for keyboard focus, and Escape hides it', async () => {
    const user = userEvent.setup();
    render(<Controls />);
    await user.tab();
    expect(screen.getByRole('tooltip', { hidden: true })).toHaveTextContent('Add to Today');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('a touch shows nothing: a long press is for dragging', async () => {
    render(<Controls />);
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Add to Today' }), { pointerType: 'touch' });
    await wait(TOOLTIP_DELAY_MS + 100);
    await waitFor(() => expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull());
  });
});
