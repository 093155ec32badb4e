/*
 * The pre-rendered pages carry the rules of their own first paint and ask for the whole style sheet
 * without waiting for it: its link comes with `media="print"`, which the browser fetches but never
 * waits for, and the real media in an attribute (scripts/critical-css.ts;
 * docs/decisions/010-first-load-weight.md, "Nothing blocks the first paint"). The page's first module
 * script gives the link its media back. The usual way, an `onload` attribute, is an inline script the
 * content security policy refuses.
 */

/** The attribute that holds a deferred style sheet's own media. */
export const DEFERRED_MEDIA_ATTRIBUTE = 'data-media';

/**
 * How long the app waits for the sheet at most: a link's load event is not certain to come (Chromium
 * has missed it on links whose media changed), and the app must draw regardless; the rules then apply
 * when the file does arrive.
 */
export const SHEET_WAIT_MS = 3_000;

let applied: Promise<void> | undefined;

/**
 * Applies every deferred style sheet of the page, once however often it is called; resolves once each
 * has arrived, failed or kept the app waiting SHEET_WAIT_MS (the page then goes on with the rules it
 * carries). Resolves at once on a page with none (index.html, `npm run dev`).
 */
export function applyDeferredStyleSheets(): Promise<void> {
  applied ??= applyAll();
  return applied;
}

function applyAll(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>(
    `link[rel="stylesheet"][${DEFERRED_MEDIA_ATTRIBUTE}]`,
  );
  return Promise.all(
    [...links].map((link) => {
      // `sheet` is set once the file has arrived, whatever the media.
      const arrived = link.sheet
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
            setTimeout(resolve, SHEET_WAIT_MS);
          });
      link.media = link.getAttribute(DEFERRED_MEDIA_ATTRIBUTE) ?? 'all';
      link.removeAttribute(DEFERRED_MEDIA_ATTRIBUTE);
      return arrived;
    }),
  ).then(() => undefined);
}
