import { type ReactNode, useEffect } from 'react';
import { chunkOnce } from '../../../lib/chunk-once';
import { notifyError } from '../../../lib/notify-error';
import { isShortcutKey } from '../../../lib/shortcut-keys';
import { useChunk } from '../../../lib/use-chunk';
import { clearChosen, SelectableScreen, useChosen } from '../lib/selection';

/*
 * A screen whose cards can be chosen several at once (docs/product.md#selecting-several-items): Today,
 * All Items and Upcoming. The bar comes with the first card chosen, not with the screen
 * (docs/decisions/010-first-load-weight.md); leaving the screen, or Escape, ends the selection.
 */
const bar = chunkOnce(() => import('./selection-bar'));

const barFailed = (error: unknown) => {
  clearChosen();
  notifyError('Could not show the selection', error);
};

export function SelectionScope({ children }: { children: ReactNode }) {
  const chosen = useChosen();
  const selecting = chosen.length > 0;
  const loaded = useChunk(bar, selecting, barFailed);
  // A selection belongs to its screen: another screen, or Execution Mode, starts without one.
  useEffect(() => clearChosen, []);
  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !isShortcutKey(event)) return;
      event.preventDefault();
      clearChosen();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selecting]);
  return (
    <SelectableScreen.Provider value>
      {children}
      {/* Room under the last card, which the bar would cover. */}
      {selecting ? <div aria-hidden className="h-24 lg:h-16" /> : null}
      {selecting && loaded ? <loaded.SelectionBar items={chosen} /> : null}
    </SelectableScreen.Provider>
  );
}
