import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstArrivalInBackground } from './use-first-arrival';

type Drawing = { arrived: string | undefined; shown: string | undefined };

function Probe({ value, drawings }: { value: string | undefined; drawings: Drawing[] }) {
  const shown = useFirstArrivalInBackground(value);
  drawings.push({ arrived: value, shown });
  return <p>{shown ?? 'loading'}</p>;
}

describe('useFirstArrivalInBackground', () => {
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
});
