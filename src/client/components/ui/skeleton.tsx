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
