import { Spinner } from '../../components/ui/spinner';

/**
 * Shown while the current-user call is in flight, and while a route's code loads
 * (docs/product.md#not-found-and-loading).
 */
export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm">Loading...</p>
    </div>
  );
}
