import { cn } from '../../lib/cn';

/**
 * A decorative activity indicator: eight spokes turning a spoke at a time (the `.spinner` style,
 * docs/decisions/022-loading-motion.md); the surrounding element says what is loading (e.g. role="status" text).
 */
export function Spinner({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('spinner size-5 animate-spinner', className)} />;
}
