/*
 * The icons every item card repeats, drawn as masks (mask-icon.tsx): each name's Lucide icon and how
 * it is drawn. The build turns each into a picture (scripts/card-icons-plugin.ts), so adding one here
 * is all a new card icon needs; a Lucide name without a drawing, or with a shape the drawing does not
 * know, fails the build.
 */
/** A card icon: its Lucide name, and its stroke (Lucide's 2 units unless said) and fill (none unless said). */
export type CardIcon = { lucide: string; strokeWidth?: number; filled?: boolean };

export const CARD_ICONS = {
  bell: { lucide: 'bell' },
  calendar: { lucide: 'calendar-fold' },
  check: { lucide: 'check', strokeWidth: 3 },
  flag: { lucide: 'flag' },
  flame: { lucide: 'flame' },
  grip: { lucide: 'grip-vertical' },
  'list-checks': { lucide: 'list-checks' },
  more: { lucide: 'ellipsis-vertical' },
  pencil: { lucide: 'pencil' },
  repeat: { lucide: 'repeat' },
  sun: { lucide: 'sun', filled: true },
  'sun-dim': { lucide: 'sun-dim' },
} as const satisfies Record<string, CardIcon>;

export type CardIconName = keyof typeof CARD_ICONS;
