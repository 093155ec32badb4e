import { signIn } from './features/auth/sign-in';
import { applyDeferredStyleSheets } from './lib/deferred-style-sheet';
import { getTheme, initTheme, subscribeToTheme, themeToggleLabel, toggleTheme } from './lib/theme';

/*
 * The whole script of the pre-rendered landing page (app/landing-document.tsx): the two controls on
 * it work without React. Everything else on the page is static HTML, drawn with the rules the page
 * carries until the whole style sheet arrives.
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

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-sign-in]')) {
  button.addEventListener('click', signIn);
}
