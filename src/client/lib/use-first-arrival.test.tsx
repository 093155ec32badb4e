import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, resetFirstScreen } from './after-first-screen';
import { useFirstArrivalInBackground } from './use-first-arrival';

type Drawing = { arrived: string | undefined; shown: string | undefined };

function Probe({ value, drawings }: { value: string | undefined; drawings: Drawing[] }) {
  const shown = useFirstArrivalInBackground(value);
  drawings.push({ arrived: value, shown });
  return <p>{shown ?? 'loading'}</p>;
}

describe('useFirstArrivalInBackground', () => {
  // The hook tells lib/after-first-screen.ts, whose state outlives a test.
  afterEach(() => resetFirstScreen());

  it('draws the first arrival in a later, background drawing, and every change after it at once', () => {
    const drawings: Drawing[] = [];
    const view = render(<Probe value={undefined} drawings={drawings} />);
    view.rerender(<Probe value="first" drawings={drawings} />);
    // The urgent drawing still shows nothing; the background one shows the list.
    expect(drawings).toContainEqual({ arrived: 'first', shown: undefined });
    expect(drawings.at(-1)).toEqual({ arrived: 'first', shown: 'first' });
    expect(view.container.textContent).toBe('first');

    const before = drawings.length;
    view.rerender(<Probe value="ticked" drawings={drawings} />);
    // No drawing lags behind: the change is shown by the very drawing that receives it.
    expect(drawings.slice(before)).not.toHaveLength(0);
    for (const drawing of drawings.slice(before))
      expect(drawing).toEqual({ arrived: 'ticked', shown: 'ticked' });
    expect(view.container.textContent).toBe('ticked');
  });

  it('says the first screen is drawn once a first arrival is on screen, not before', async () => {
    const waiting = vi.fn();
    afterFirstScreen(waiting);
    const view = render(<Probe value={undefined} drawings={[]} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waiting).not.toHaveBeenCalled();

    view.rerender(<Probe value="first" drawings={[]} />);
    expect(view.container.textContent).toBe('first');
    await vi.waitFor(() => expect(waiting).toHaveBeenCalledTimes(1));
  });
});
