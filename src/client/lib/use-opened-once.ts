import { useState } from 'react';

/**
 * True from the first render in which `open` is true, and from then on. A list renders a closed dialog
 * beside every card; until it is first opened it is left out, so thirty cards do not build thirty
 * dialogs' hooks, queries and portals on the first paint (docs/decisions/010-first-load-weight.md).
 * Once opened it stays mounted, so that closing can animate and reopening is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Setting state while rendering, for this very component: React re-renders it at once.
  if (open && !opened) setOpened(true);
  return opened || open;
}
