import { Toast as ToastPrimitive } from 'radix-ui';
import X from '~icons/lucide/x';
import { cn } from '../../lib/cn';
import type { ToastEntry } from './toast';

/*
 * Radix's toast, drawing the toasts of components/ui/toast.tsx. It is a chunk of its own, loaded once the
 * first screen is drawn or at the first toast if that comes sooner (docs/decisions/010-first-load-weight.md,
 * "Menus, dialogs and toasts loaded on demand").
 */

export function ToastView({
  entries,
  duration,
  onDismiss,
  onActionTaken,
}: {
  entries: ToastEntry[];
  /** How long a toast stays when its own `durationMs` says nothing. */
  duration: number;
  /** A toast closed: timed out, closed, swiped. */
  onDismiss: (id: number) => void;
  /** A toast's action was taken: its onClose is not told. */
  onActionTaken: (entry: ToastEntry) => void;
}) {
  return (
    <ToastPrimitive.Provider duration={duration} swipeDirection="right" swipeThreshold={50}>
      {entries.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          open={entry.open}
          duration={entry.durationMs}
          onOpenChange={(open) => {
            if (!open) onDismiss(entry.id);
          }}
          data-continued={entry.continued || undefined}
          className={cn(
            // On phones a bar no taller than the header it lies over (docs/product.md#toasts): one line of
            // title and one of description; a failure's reason wraps, as it must be read whole.
            'group pointer-events-auto relative flex min-h-14 w-full items-center gap-3 overflow-hidden rounded-xl border py-1 ps-4 pe-12 shadow-lg sm:items-start sm:p-4 sm:pr-12',
            !entry.continued && 'data-[state=open]:animate-toast-in',
            'data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
            entry.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-popover text-popover-foreground',
          )}
        >
          <div className="grid min-w-0 flex-1 sm:gap-1">
            <ToastPrimitive.Title className="font-semibold text-sm max-sm:truncate">
              {entry.title}
            </ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description
                className={cn('text-sm opacity-90', entry.variant !== 'destructive' && 'max-sm:truncate')}
              >
                {entry.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {entry.action ? (
            <ToastPrimitive.Action
              altText={entry.action.altText}
              onClick={() => onActionTaken(entry)}
              className="ms-auto inline-flex min-h-11 shrink-0 cursor-pointer items-center self-center rounded-md border border-current/30 px-3 font-semibold text-sm hover:bg-foreground/5 focus-visible:outline-2 focus-visible:outline-ring sm:min-h-8"
            >
              {entry.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-1/2 right-1 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-md opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring sm:top-1.5 sm:right-1.5 sm:size-8 sm:translate-y-0"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        Top of the screen on phones, over the header's band (4 px inside its 64), so the page's title,
        its buttons and the list stay in view; bottom-right from the sm breakpoint, never wider than
        420px (docs/decisions/027-toast-placement.md).
      */}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-1 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px] sm:p-4" />
    </ToastPrimitive.Provider>
  );
}
