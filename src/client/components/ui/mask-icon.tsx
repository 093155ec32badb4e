import { cn } from '../../lib/cn';
import type { CardIconName } from './card-icons';

/*
 * Icons that every card repeats, drawn as one element each (docs/decisions/010-first-load-weight.md,
 * "Card icons as pictures"). A Lucide icon is an <svg> with its shapes inside
 * (the drag handle's grip is seven elements, the sun ten): on a 220-card All Items they were 5,600 of
 * the page's 8,500 elements, each one styled and laid out, and a React component per icon. Here the
 * same Lucide drawing is a CSS mask over a box painted in the text colour: it looks the same, takes the
 * colour like the <svg> did, and is one element. The masks are pictures the build draws
 * (`virtual:card-icons.css`). The screens that draw cards import that sheet, not this module: the
 * pre-rendered pages load the cards in Node (scripts/prerender-pages.tsx), which has no such module.
 */

/** A decorative icon (hidden from screen readers: its control carries the name). */
export function MaskIcon({ icon, className }: { icon: CardIconName; className?: string }) {
  return <span aria-hidden className={cn('mask-icon', `mask-icon-${icon}`, className)} />;
}
