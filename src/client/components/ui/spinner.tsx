import { cn } from '../../lib/cn';

/** A decorative spinning ring; the surrounding element says what is loading (e.g. role="status" text). */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}
