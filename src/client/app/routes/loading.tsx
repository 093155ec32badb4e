import { Spinner } from '../../components/ui/spinner';

/** SPEC §2: shown while the current-user call is in flight (and while a route's code loads). */
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
