import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuOnDemand } from './dropdown-menu';

function Menu({ hint }: { hint?: string }) {
  return (
    <DropdownMenuOnDemand label="PO, account menu" hint={hint} icon={<span>PO</span>}>
      {() => (
        <DropdownMenuContent>
          <DropdownMenuItem>Settings</DropdownMenuItem>
        </DropdownMenuContent>
      )}
    </DropdownMenuOnDemand>
  );
}

describe('a menu built on demand', () => {
  it('is named by its label and hinted by it too when no hint is given', () => {
    render(<Menu />);
    const button = screen.getByRole('button', { name: 'PO, account menu' });
    expect(button).toHaveAttribute('data-tooltip', 'PO, account menu');
  });

  it('keeps its name and its own hint before and after the press that builds the menu', async () => {
    const user = userEvent.setup();
    render(<Menu hint="Account menu" />);
    const plain = screen.getByRole('button', { name: 'PO, account menu' });
    expect(plain).toHaveAttribute('data-tooltip', 'Account menu');
    expect(plain).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(plain);
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument());
    const built = screen.getByRole('button', { name: 'PO, account menu' });
    expect(built).not.toBe(plain);
    expect(built).toHaveAttribute('data-tooltip', 'Account menu');
    expect(built).toHaveAttribute('aria-expanded', 'true');
  });
});
