/**
 * The saved theme's key, and the one inline script of every page: it sets the `dark` class before the
 * first paint, so a dark reload never flashes light, without a request of its own before that paint
 * (docs/decisions/010-first-load-weight.md, "Nothing blocks the first paint"). The build writes it into
 * the pages' head (vite.config.ts), the server allows exactly this text by its hash in the content
 * security policy (src/server/http/security-headers.ts), and the theme store uses the same key.
 */
export const THEME_STORAGE_KEY = 'stride-theme';

// Storage can be blocked (private mode, policies): light is the default anyway, hence the empty catch.
export const THEME_SCRIPT = `try{if(localStorage.getItem('${THEME_STORAGE_KEY}')==='dark')document.documentElement.classList.add('dark')}catch(e){}`;
