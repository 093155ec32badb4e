import { type GoalColor, resolveGoalColor } from '#shared/domain/palette';

/**
 * Tailwind classes for each palette colour (docs/product.md#colour-palette), light and dark together.
 * Every class is written out in full so Tailwind's scanner finds it; building names at run time would
 * ship no CSS.
 */
export interface GoalColorClasses {
  /** Tinted surface of a card or section. */
  background: string;
  border: string;
  /** Solid swatch: the colour grid and the dot beside a goal's name. */
  preview: string;
  /** Text and icons on the tinted surface, AA contrast in both themes. */
  accent: string;
}

export const GOAL_COLOR_CLASSES: Record<GoalColor, GoalColorClasses> = {
  blue: {
    background: 'bg-blue-50 dark:bg-blue-950/40',
    border: 'border-blue-200 dark:border-blue-800/70',
    preview: 'bg-blue-500 dark:bg-blue-400',
    accent: 'text-blue-700 dark:text-blue-300',
  },
  sky: {
    background: 'bg-sky-50 dark:bg-sky-950/40',
    border: 'border-sky-200 dark:border-sky-800/70',
    preview: 'bg-sky-500 dark:bg-sky-400',
    accent: 'text-sky-700 dark:text-sky-300',
  },
  cyan: {
    background: 'bg-cyan-50 dark:bg-cyan-950/40',
    border: 'border-cyan-200 dark:border-cyan-800/70',
    preview: 'bg-cyan-500 dark:bg-cyan-400',
    accent: 'text-cyan-700 dark:text-cyan-300',
  },
  teal: {
    background: 'bg-teal-50 dark:bg-teal-950/40',
    border: 'border-teal-200 dark:border-teal-800/70',
    preview: 'bg-teal-500 dark:bg-teal-400',
    accent: 'text-teal-700 dark:text-teal-300',
  },
  emerald: {
    background: 'bg-emerald-50 dark:bg-emerald-950/40',
    border: 'border-emerald-200 dark:border-emerald-800/70',
    preview: 'bg-emerald-500 dark:bg-emerald-400',
    accent: 'text-emerald-700 dark:text-emerald-300',
  },
  green: {
    background: 'bg-green-50 dark:bg-green-950/40',
    border: 'border-green-200 dark:border-green-800/70',
    preview: 'bg-green-500 dark:bg-green-400',
    accent: 'text-green-700 dark:text-green-300',
  },
  lime: {
    background: 'bg-lime-50 dark:bg-lime-950/40',
    border: 'border-lime-200 dark:border-lime-800/70',
    preview: 'bg-lime-500 dark:bg-lime-400',
    accent: 'text-lime-700 dark:text-lime-300',
  },
  yellow: {
    background: 'bg-yellow-50 dark:bg-yellow-950/40',
    border: 'border-yellow-200 dark:border-yellow-800/70',
    preview: 'bg-yellow-500 dark:bg-yellow-400',
    accent: 'text-yellow-700 dark:text-yellow-300',
  },
  amber: {
    background: 'bg-amber-50 dark:bg-amber-950/40',
    border: 'border-amber-200 dark:border-amber-800/70',
    preview: 'bg-amber-500 dark:bg-amber-400',
    accent: 'text-amber-700 dark:text-amber-300',
  },
  orange: {
    background: 'bg-orange-50 dark:bg-orange-950/40',
    border: 'border-orange-200 dark:border-orange-800/70',
    preview: 'bg-orange-500 dark:bg-orange-400',
    accent: 'text-orange-700 dark:text-orange-300',
  },
  red: {
    background: 'bg-red-50 dark:bg-red-950/40',
    border: 'border-red-200 dark:border-red-800/70',
    preview: 'bg-red-500 dark:bg-red-400',
    accent: 'text-red-700 dark:text-red-300',
  },
  rose: {
    background: 'bg-rose-50 dark:bg-rose-950/40',
    border: 'border-rose-200 dark:border-rose-800/70',
    preview: 'bg-rose-500 dark:bg-rose-400',
    accent: 'text-rose-700 dark:text-rose-300',
  },
  pink: {
    background: 'bg-pink-50 dark:bg-pink-950/40',
    border: 'border-pink-200 dark:border-pink-800/70',
    preview: 'bg-pink-500 dark:bg-pink-400',
    accent: 'text-pink-700 dark:text-pink-300',
  },
  fuchsia: {
    background: 'bg-fuchsia-50 dark:bg-fuchsia-950/40',
    border: 'border-fuchsia-200 dark:border-fuchsia-800/70',
    preview: 'bg-fuchsia-500 dark:bg-fuchsia-400',
    accent: 'text-fuchsia-700 dark:text-fuchsia-300',
  },
  purple: {
    background: 'bg-purple-50 dark:bg-purple-950/40',
    border: 'border-purple-200 dark:border-purple-800/70',
    preview: 'bg-purple-500 dark:bg-purple-400',
    accent: 'text-purple-700 dark:text-purple-300',
  },
  violet: {
    background: 'bg-violet-50 dark:bg-violet-950/40',
    border: 'border-violet-200 dark:border-violet-800/70',
    preview: 'bg-violet-500 dark:bg-violet-400',
    accent: 'text-violet-700 dark:text-violet-300',
  },
  indigo: {
    background: 'bg-indigo-50 dark:bg-indigo-950/40',
    border: 'border-indigo-200 dark:border-indigo-800/70',
    preview: 'bg-indigo-500 dark:bg-indigo-400',
    accent: 'text-indigo-700 dark:text-indigo-300',
  },
  slate: {
    background: 'bg-slate-50 dark:bg-slate-950/40',
    border: 'border-slate-200 dark:border-slate-800/70',
    preview: 'bg-slate-500 dark:bg-slate-400',
    accent: 'text-slate-700 dark:text-slate-300',
  },
  gray: {
    background: 'bg-gray-50 dark:bg-gray-950/40',
    border: 'border-gray-200 dark:border-gray-800/70',
    preview: 'bg-gray-500 dark:bg-gray-400',
    accent: 'text-gray-700 dark:text-gray-300',
  },
  zinc: {
    background: 'bg-zinc-50 dark:bg-zinc-950/40',
    border: 'border-zinc-200 dark:border-zinc-800/70',
    preview: 'bg-zinc-500 dark:bg-zinc-400',
    accent: 'text-zinc-700 dark:text-zinc-300',
  },
  stone: {
    background: 'bg-stone-50 dark:bg-stone-950/40',
    border: 'border-stone-200 dark:border-stone-800/70',
    preview: 'bg-stone-500 dark:bg-stone-400',
    accent: 'text-stone-700 dark:text-stone-300',
  },
};

/** Unknown or missing colours fall back to blue (docs/product.md#colour-palette). */
export function goalColorClasses(color: string | null | undefined): GoalColorClasses {
  return GOAL_COLOR_CLASSES[resolveGoalColor(color)];
}
