/*
 * The theme store. No React here: the pre-rendered landing page's small script (src/client/landing-page.ts)
 * uses it too; components read it through useTheme (app/layout/theme-toggle.tsx).
 */

import { THEME_STORAGE_KEY } from '#shared/api/theme-script';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

let current: Theme = readStoredTheme();

function applyToDocument(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function getTheme(): Theme {
  return current;
}

/** Saves the choice, marks the document root and tells every subscriber (docs/product.md#theme). */
export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Without storage the choice still applies for this visit.
  }
  applyToDocument(theme);
  for (const listener of listeners) listener();
}

export function toggleTheme(): void {
  setTheme(current === 'dark' ? 'light' : 'dark');
}

/** Re-reads storage; used at start-up (and by tests) so the store and the document agree. */
export function initTheme(): Theme {
  current = readStoredTheme();
  applyToDocument(current);
  return current;
}

export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the theme button says: it names what a press does (the label is also its tooltip). */
export function themeToggleLabel(theme: Theme): string {
  return theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
}
