import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block that pulses in steps (docs/decisions/022-loading-motion.md); decorative, so screen readers skip it. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-loading-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

/**
 * A list's placeholder while it loads: `rows` rows shaped like the list's cards (a round box, a title,
 * a control) on the list's one surface, named for screen readers by `label`. Today draws 3, All Items 5
 * (docs/product.md#constants); each row carries `rowTestId`, which journeys wait on.
 */
export function SkeletonRows({ rows, label, rowTestId }: { rows: number; label: string; rowTestId: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="flex flex-col divide-y divide-border/60 rounded-xl border border-border bg-card px-1 shadow-xs"
    >
      {Array.from({ length: rows }, (_, row) => (
        // The rows never move or change: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
        <div key={row} data-testid={rowTestId} className="flex min-h-12 items-center gap-3 px-3 py-2">
          <Skeleton className="size-6 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="size-8 rounded-lg" />
        </div>
      ))}
    </div>
  );
}
