/**
 * The goal colour palette: 21 names, in the order the swatch grid shows them
 * (docs/product.md#colour-palette).
 */
export const GOAL_COLORS = [
  'blue',
  'sky',
  'cyan',
  'teal',
  'emerald',
  'green',
  'lime',
  'yellow',
  'amber',
  'orange',
  'red',
  'rose',
  'pink',
  'fuchsia',
  'purple',
  'violet',
  'indigo',
  'slate',
  'gray',
  'zinc',
  'stone',
] as const;

export type GoalColor = (typeof GOAL_COLORS)[number];

export const DEFAULT_GOAL_COLOR: GoalColor = 'blue';

export function isGoalColor(value: unknown): value is GoalColor {
  return typeof value === 'string' && (GOAL_COLORS as readonly string[]).includes(value);
}

/** Unknown or missing colours fall back to blue (docs/product.md#colour-palette). */
export function resolveGoalColor(value: string | null | undefined): GoalColor {
  return isGoalColor(value) ? value : DEFAULT_GOAL_COLOR;
}
