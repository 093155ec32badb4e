import { Button } from './button';

/**
 * A screen whose first data could not be loaded: what failed, the reason in words, and Try again
 * (docs/product.md#states-and-transitions). Once some data is shown, a failed refetch leaves it in place instead.
 */
export function LoadFailure({
  title,
  reason,
  onRetry,
}: {
  title: string;
  reason: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-6 py-10 text-center"
    >
      <p className="font-semibold">{title}</p>
      <p className="text-muted-foreground text-sm">{reason}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
