/** The goal colour palette (SPEC §3). The spec's prose says 20 names but lists 21; we keep all 21. */
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

/** Unknown or missing colours fall back to blue (SPEC §3). */
export function resolveGoalColor(value: string | null | undefined): GoalColor {
  return isGoalColor(value) ? value : DEFAULT_GOAL_COLOR;
}
