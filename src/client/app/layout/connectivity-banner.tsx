import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import CloudOff from '~icons/lucide/cloud-off';
import WifiOff from '~icons/lucide/wifi-off';
import { cn } from '../../lib/cn';
import { type Connectivity, useConnectivity } from '../../lib/connectivity';
import { useWaitingChanges, waitingChanges } from '../../lib/outbox';
import { USER_QUERY_KEY } from '../../lib/signed-in-user';

export const CONNECTIVITY_TEXT: Record<Exclude<Connectivity, 'online'>, string> = {
  offline: "You're offline. Your changes are kept and sent when you're back.",
  unreachable: "Can't reach Stride right now. Trying again…",
  unavailable: "Stride can't save changes right now. Trying again…",
};

/** How many changes the outbox holds (lib/outbox.ts). */
export function waitingText(count: number): string {
  return count === 1 ? '1 change waits to be sent.' : `${count} changes wait to be sent.`;
}

/**
 * A line under the header while Stride cannot be reached (docs/product.md#connectivity). When the
 * connection comes back every screen refetches, so nothing stays stale: at once, or, while kept changes
 * wait, once the outbox has sent them (lib/outbox.ts), so that a list read in between does not show
 * for a moment what they changed undone.
 */
export function ConnectivityBanner({ className }: { className?: string }) {
  const state = useConnectivity();
  const waiting = useWaitingChanges();
  const queryClient = useQueryClient();
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current !== 'online' && state === 'online') {
      // The user call always: the outbox sends only once it has said who is signed in.
      void queryClient.invalidateQueries({ queryKey: waitingChanges() === 0 ? ['api'] : USER_QUERY_KEY });
    }
    previous.current = state;
  }, [state, queryClient]);

  return (
    <div role="status" aria-live="polite" className={cn('sticky top-16 z-30', className)}>
      {state === 'online' ? null : (
        <p className="flex items-center justify-center gap-2 border-amber-500/40 border-b bg-amber-100 px-4 py-2 text-center text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100">
          {state === 'offline' ? (
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span>
            {CONNECTIVITY_TEXT[state]}
            {waiting > 0 ? ` ${waitingText(waiting)}` : null}
          </span>
        </p>
      )}
    </div>
  );
}
