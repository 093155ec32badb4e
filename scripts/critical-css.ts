import Beasties from 'beasties';
import { CLIENT_BUILD_DIR } from '../src/server/paths';

/*
 * A pre-rendered page carries the style rules its own markup uses in its head, and loads the whole
 * style sheet at the end of its body, so it paints from its HTML alone, with no request before the
 * first paint (docs/decisions/010-first-load-weight.md, "Nothing blocks the first paint").
 *
 * Beasties chooses the rules by matching selectors against the page's markup. The page is read as if
 * dark (`<html class="dark">`): dark only adds rules (`.dark`'s colours, `dark:` variants of the
 * elements on the page) to the light ones every page matches, so the inlined rules serve both themes;
 * the class comes off again after. The rest loads by moving the sheet's link to the end of the body
 * ('body'): the library's other ways (onload attributes, scripts) are inline scripts, which the
 * content security policy refuses.
 */

const HTML_OPEN = '<html lang="en">';
const AS_IF_DARK = '<html lang="en" class="dark">';
/** The page's html tag as Beasties writes it back (it marks the element it worked in). */
const WRITTEN_BACK = /<html lang="en" class="dark"(?: data-beasties-container(?:="")?)?>/;

const beasties = new Beasties({
  path: CLIENT_BUILD_DIR,
  publicPath: '/',
  preload: 'body',
  // The sheet is shared by every page and by the screens drawn later: it stays whole.
  pruneSource: false,
  // Rules inside a used @font-face or @keyframes are kept; its summary line is all the build prints.
  logLevel: 'warn',
});

export async function withCriticalCss(html: string): Promise<string> {
  if (!html.includes(HTML_OPEN)) throw new Error(`the page does not open with ${HTML_OPEN}`);
  const processed = await beasties.process(html.replace(HTML_OPEN, AS_IF_DARK));
  if (!WRITTEN_BACK.test(processed) || !/<style>[\s\S]+?<\/style>/.test(processed))
    throw new Error('the critical style rules were not written into the page');
  return processed.replace(WRITTEN_BACK, HTML_OPEN);
}
