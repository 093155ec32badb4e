/*
 * The pre-rendered frame of a screen (docs/decisions/013-api-cost.md, "A screen's frame paints
 * first"). The page the server sends for Today and All Items carries the screen's loading state as
 * static HTML in #app-shell (scripts/prerender-pages.tsx), painted before any script runs, and an empty,
 * hidden #root for the app. The frame is inert: it only shows. It stays until the app has drawn a
 * screen of its own, so the first paint never steps back to a spinner; then it goes, and #root shows,
 * in one frame.
 */

export const APP_SHELL_ID = 'app-shell';

/** Removes the pre-rendered frame and shows the app; does nothing on a page without one. */
export function releaseAppShell(): void {
  const shell = document.getElementById(APP_SHELL_ID);
  if (!shell) return;
  shell.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}
