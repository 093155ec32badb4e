import { useId } from 'react';
import { GOAL_COLORS, type GoalColor } from '#shared/domain/palette';
import Check from '~icons/lucide/check';
import { cn } from '../../../lib/cn';
import { GOAL_COLOR_CLASSES } from '../lib/goal-colors';

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Color Theme: the 21 palette swatches in a 7-column grid, one radio each (docs/product.md#item-dialog). */
export function ColorGrid({ value, onChange }: { value: GoalColor; onChange: (color: GoalColor) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm">Color Theme</legend>
      <div className="grid grid-cols-7 gap-1.5 sm:gap-2">
        {GOAL_COLORS.map((color) => {
          const checked = value === color;
          return (
            <label
              key={color}
              title={capitalize(color)}
              className={cn(
                'relative flex aspect-square cursor-pointer items-center justify-center rounded-full ring-offset-2 ring-offset-card transition-transform hover:scale-105 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                GOAL_COLOR_CLASSES[color].preview,
                checked && 'ring-2 ring-foreground',
              )}
            >
              <input
                type="radio"
                name={name}
                value={color}
                checked={checked}
                onChange={() => onChange(color)}
                aria-label={capitalize(color)}
                className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-wait"
              />
              {checked && <Check className="size-4 text-white drop-shadow" strokeWidth={3} aria-hidden />}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
