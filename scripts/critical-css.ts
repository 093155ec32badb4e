import Beasties from 'beasties';
import { DEFERRED_MEDIA_ATTRIBUTE } from '../src/client/lib/deferred-style-sheet';
import { CLIENT_BUILD_DIR } from '../src/server/paths';

/*
 * A pre-rendered page carries the style rules its own markup uses in its head, and loads the whole
 * style sheet at the end of its body, so it paints from its HTML alone, with no request before the
 * first paint (docs/decisions/010-first-load-weight.md, "Nothing blocks the first paint").
 *
 * Beasties chooses the rules by matching selectors against the page's markup. The page is read as if
 * dark (`<html class="dark">`): dark only adds rules (`.dark`'s colours, `dark:` variants of the
 * elements on the page) to the light ones every page matches, so the inlined rules serve both themes;
 * the class comes off again after. The whole sheet's link goes to the end of the body (Beasties'
 * 'body') with `media="print"`, which the browser fetches without waiting for it, and its own media in
 * an attribute that the page's first module gives back (src/client/lib/deferred-style-sheet.ts):
 * Beasties' own ways of doing that are inline scripts or onload attributes, which the content security
 * policy refuses.
 */

const HTML_OPEN = '<html lang="en">';
const AS_IF_DARK = '<html lang="en" class="dark">';
/** The page's html tag as Beasties writes it back (it marks the element it worked in). */
const WRITTEN_BACK = /<html lang="en" class="dark"(?: data-beasties-container(?:="")?)?>/;

/** The sheet's link as Beasties leaves it, the only one at the end of the body. */
const MOVED_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">(\s*<\/body>)/;

const beasties = new Beasties({
  path: CLIENT_BUILD_DIR,
  publicPath: '/',
  preload: 'body',
  // The sheet is shared by every page and by the screens drawn later: it stays whole.
  pruneSource: false,
  // Problems only: a line per page on what was inlined is noise in every build.
  logLevel: 'warn',
});

export async function withCriticalCss(html: string): Promise<string> {
  if (!html.includes(HTML_OPEN)) throw new Error(`the page does not open with ${HTML_OPEN}`);
  const processed = await beasties.process(html.replace(HTML_OPEN, AS_IF_DARK));
  if (!WRITTEN_BACK.test(processed) || !/<style>[\s\S]+?<\/style>/.test(processed))
    throw new Error('the critical style rules were not written into the page');
  if (processed.match(new RegExp(MOVED_LINK.source, 'g'))?.length !== 1)
    throw new Error('the page has not exactly one style sheet link at the end of its body');
  return processed
    .replace(WRITTEN_BACK, HTML_OPEN)
    .replace(
      MOVED_LINK,
      (_link, href: string, end: string) =>
        `<link rel="stylesheet" crossorigin href="${href}" media="print" ${DEFERRED_MEDIA_ATTRIBUTE}="all">${end}`,
    );
}
