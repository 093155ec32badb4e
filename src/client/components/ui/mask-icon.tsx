import { cn } from '../../lib/cn';

/*
 * Icons that every card repeats, drawn as one element each (docs/decisions/010-first-load-weight.md,
 * "Card icons as masks"). A Lucide icon is an <svg> with its shapes inside (the drag handle's grip is
 * seven elements, the sun ten): on a 220-card All Items they were 5,600 of the page's 8,500 elements,
 * each one styled and laid out, and a React component per icon. Here the same Lucide drawing becomes a
 * CSS mask over a box painted in the text colour: it looks the same, takes the colour like the <svg>
 * did, and is one element. The drawing is built once per icon from Lucide's own data, in a class.
 */

/** A Lucide icon's drawing, as each icon module exports it (`__iconData`; its types only declare the component). */
type IconData = { name: string; node: ReadonlyArray<readonly [string, Record<string, string>]> };

/** Reads the drawing from a Lucide icon module (`import * as name from 'lucide-react/icons/name'`). */
export function lucideDrawing(module: object): IconData {
  const data = (module as { __iconData?: IconData }).__iconData;
  if (!data) throw new Error('This Lucide icon module has no drawing to read');
  return data;
}

type Look = { strokeWidth?: number; filled?: boolean };

const classes = new Map<string, string>();
let sheet: HTMLStyleElement | undefined;

function attributesOf(props: Record<string, string>): string {
  return Object.entries(props)
    .filter(([name]) => name !== 'key')
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
}

/** The class that draws `icon` as a mask, its rule added to the page the first time. */
function maskClass(icon: IconData, { strokeWidth = 2, filled = false }: Look): string {
  const key = `${icon.name}-${strokeWidth}${filled ? '-filled' : ''}`;
  const known = classes.get(key);
  if (known) return known;
  const name = `mask-icon-${key}`;
  classes.set(key, name);
  // Lucide's defaults: a 24-unit box, round strokes 2 units wide; black is what the mask keeps.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${filled ? 'black' : 'none'}" stroke="black" stroke-width="${strokeWidth}" stroke-linecap="round" stroke-linejoin="round">${icon.node
    .map(([tag, props]) => `<${tag}${attributesOf(props)}/>`)
    .join('')}</svg>`;
  // Pre-rendering in Node has no page: the class still names the icon, and the rule comes with the app.
  if (typeof document !== 'undefined') {
    sheet ??= document.head.appendChild(document.createElement('style'));
    sheet.append(`.${name}{mask-image:url("data:image/svg+xml,${encodeURIComponent(svg)}")}\n`);
  }
  return name;
}

/** A decorative icon (hidden from screen readers: its control carries the name). */
export function MaskIcon({
  icon,
  className,
  strokeWidth,
  filled,
}: { icon: IconData; className?: string } & Look) {
  return (
    <span aria-hidden className={cn('mask-icon', maskClass(icon, { strokeWidth, filled }), className)} />
  );
}
