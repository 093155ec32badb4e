/*
 * The floor page's entry, shaped like the app's (src/client/main.tsx): the browser paints what the
 * page holds first, and React is loaded after that paint, so React's work falls after the first
 * content as the app's does and is counted the same way.
 */
function start(): void {
  import('./screen').catch((error: unknown) => console.error('The floor page could not load:', error));
}
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
