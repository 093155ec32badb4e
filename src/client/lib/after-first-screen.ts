/*
 * Work that can wait until the first screen is drawn (docs/decisions/018-installable-app.md, "the
 * install waits for the first screen"). The service worker's first install fetches and stores every
 * built file and compiles the scripts among them; begun at `load`, it ran beside React's first
 * drawing and, on a two-core machine, doubled the page's own busy time.
 *
 * "Drawn" is said by the screen: a screen's first data drawn (lib/use-first-arrival.ts), or, for a
 * screen that never says so (Home, Settings, an error), FIRST_SCREEN_AT_LATEST_MS after work was first
 * asked to wait (app/start.tsx asks as the app starts). Then the work waits for the browser's next
 * idle moment.
 */

/** A screen that has not said it is drawn by then is taken as drawn. */
export const FIRST_SCREEN_AT_LATEST_MS = 5000;
/** An idle moment is waited for at most this long. */
const IDLE_AT_LATEST_MS = 2000;

let drawn = false;
let waiting: Array<() => void> = [];
let latest: ReturnType<typeof setTimeout> | undefined;

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_AT_LATEST_MS });
  else setTimeout(work, 0);
}

/** Says the first screen is drawn: the work waiting for it runs at the next idle moment. */
export function markFirstScreenDrawn(): void {
  if (drawn) return;
  drawn = true;
  clearTimeout(latest);
  const now = waiting;
  waiting = [];
  for (const work of now) whenIdle(work);
}

/** Runs `work` once, at an idle moment after the first screen is drawn (at once if it already is). */
export function afterFirstScreen(work: () => void): void {
  if (drawn) {
    whenIdle(work);
    return;
  }
  waiting.push(work);
  latest ??= setTimeout(markFirstScreenDrawn, FIRST_SCREEN_AT_LATEST_MS);
}

/** Test helper: back to a page that has drawn nothing. */
export function resetFirstScreen(): void {
  drawn = false;
  waiting = [];
  clearTimeout(latest);
  latest = undefined;
}
