/**
 * The app's own screens that show the landing page to a visitor without a session
 * (docs/product.md#signed-out-pages). The client's router and the server, which sends the
 * pre-rendered landing page for these paths, read the same list.
 */
export const LANDING_PAGE_PATHS = ['/', '/today', '/upcoming', '/home', '/all-items', '/settings'] as const;

export function isLandingPagePath(path: string): boolean {
  return (LANDING_PAGE_PATHS as readonly string[]).includes(path);
}

/**
 * Signed-in screens whose page carries the screen's frame, pre-rendered at build time
 * (docs/decisions/013-api-cost.md): the path, and the file the server sends for it to a visitor with a
 * session cookie.
 */
export const APP_SHELL_PAGES: Readonly<Record<string, string>> = {
  '/': 'app-today.html',
  '/today': 'app-today.html',
  '/all-items': 'app-all-items.html',
};
