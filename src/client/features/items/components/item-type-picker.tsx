import { useId } from 'react';
import CircleCheck from '~icons/lucide/circle-check';
import Repeat from '~icons/lucide/repeat';
import Target from '~icons/lucide/target';
import { cn } from '../../../lib/cn';
import { ITEM_KINDS, type ItemKind } from '../lib/item-kinds';

const ICONS = { goal: Target, task: CircleCheck, habit: Repeat } as const;

/** The Item Type picker (docs/product.md#item-dialog): native radios, so arrow keys move between kinds. */
export function ItemTypePicker({ value, onChange }: { value: ItemKind; onChange: (kind: ItemKind) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-sm">Item Type</legend>
      <div className="grid gap-2">
        {ITEM_KINDS.map(({ kind, label, description }) => {
          const Icon = ICONS[kind];
          const checked = value === kind;
          return (
            <label
              key={kind}
              className={cn(
                'relative flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring',
                checked ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name={name}
                value={kind}
                checked={checked}
                onChange={() => onChange(kind)}
                className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-wait"
              />
              <span
                className={cn(
                  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg',
                  checked ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
              >
                <Icon className="size-4.5" aria-hidden />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className={cn('font-medium text-sm', checked && 'text-accent-foreground')}>
                  {label}
                </span>
                <span className="text-muted-foreground text-xs">{description}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
