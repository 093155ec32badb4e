import { cn } from '../../lib/cn';

/**
 * A bar that fills to `percent`, or pulses across its width while how far is not known (an import's
 * server part, docs/product.md#your-data). Without motion wanted, it neither slides nor pulses.
 */
export function ProgressBar({
  label,
  percent,
  className,
}: {
  label: string;
  percent: number | undefined;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={
          percent === undefined
            ? 'h-full w-full rounded-full bg-primary/70 motion-safe:animate-pulse'
            : 'h-full rounded-full bg-primary transition-[width] duration-500 ease-out motion-reduce:transition-none'
        }
        style={percent === undefined ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
