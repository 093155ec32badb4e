import { applyDeferredStyleSheets } from './lib/deferred-style-sheet';
import { getTheme, initTheme, subscribeToTheme, themeToggleLabel, toggleTheme } from './lib/theme';

/*
 * The whole script of the pre-rendered landing page (app/landing-document.tsx): its theme control
 * works without React, and its sign-in is a form that needs no script at all. Everything else on the
 * page is static HTML, drawn with the rules the page carries until the whole style sheet arrives.
 */
void applyDeferredStyleSheets();
initTheme();

const toggle = document.querySelector<HTMLButtonElement>('[data-theme-toggle]');
if (toggle) {
  const label = () => {
    const text = themeToggleLabel(getTheme());
    toggle.setAttribute('aria-label', text);
    toggle.title = text;
  };
  label();
  subscribeToTheme(label);
  toggle.addEventListener('click', toggleTheme);
}
