import { getIconData } from '@iconify/utils';
import { icons } from '@iconify-json/lucide';
import type { Plugin } from 'vite';
import { CARD_ICONS, type CardIcon } from '../src/client/components/ui/card-icons.ts';
import { drawLucideIcon, type LucideDrawing } from './lucide-raster.ts';
import { encodePng } from './png.ts';

/*
 * `import 'virtual:card-icons.css'`: one class per card icon (src/client/components/ui/card-icons.ts),
 * `.mask-icon-<name>`, whose mask is the Lucide icon drawn as a PNG at build time. A picture rather
 * than the SVG drawing the masks first used: the browser builds a whole SVG document for each SVG
 * image and paints it again for every card: 50-230 ms of the task that first paints Today's list in
 * traces at full speed (docs/decisions/010-first-load-weight.md, "Card icons as pictures").
 */

export const CARD_ICONS_CSS = 'virtual:card-icons.css';
const RESOLVED = `\0${CARD_ICONS_CSS}`;
/** Pixels per side: Lucide's 24-unit box three times over, sharp for an 18-pixel icon on a 4x screen. */
export const CARD_ICON_PIXELS = 72;

/** A Lucide icon's drawing, from Iconify's copy of the set: the elements of its SVG body, groups opened. */
function lucideDrawing(name: string): LucideDrawing {
  // Resolves a renamed icon (more-vertical) to the drawing it names.
  const icon = getIconData(icons, name);
  if (!icon) throw new Error(`the Lucide set has no icon "${name}"`);
  const node = [...icon.body.matchAll(/<([a-z]+)\b([^>]*?)\/?>/g)]
    .filter(([, tag]) => tag !== 'g')
    .map(([, tag = '', attributes = '']): LucideDrawing['node'][number] => [
      tag,
      Object.fromEntries(
        [...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key = '', value = '']) => [key, value]),
      ),
    ]);
  return { name, node };
}

/** The style sheet: a rule per card icon. */
export function cardIconsCss(): string {
  const rules = Object.entries(CARD_ICONS).map(([name, icon]: [string, CardIcon]) => {
    const { lucide, strokeWidth = 2, filled = false } = icon;
    const pixels = drawLucideIcon(lucideDrawing(lucide), CARD_ICON_PIXELS, { strokeWidth, filled });
    const png = encodePng(CARD_ICON_PIXELS, CARD_ICON_PIXELS, pixels).toString('base64');
    return `.mask-icon-${name}{mask-image:url("data:image/png;base64,${png}")}`;
  });
  return `${rules.join('\n')}\n`;
}

export function cardIconsPlugin(): Plugin {
  return {
    name: 'stride-card-icons',
    resolveId: (id) => (id === CARD_ICONS_CSS ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? cardIconsCss() : undefined),
  };
}
