import { useQueryClient } from '@tanstack/react-query';
import CloudOff from 'lucide-react/icons/cloud-off';
import WifiOff from 'lucide-react/icons/wifi-off';
import { useEffect, useRef } from 'react';
import { type Connectivity, useConnectivity } from '../../lib/connectivity';

export const CONNECTIVITY_TEXT: Record<Exclude<Connectivity, 'online'>, string> = {
  offline:
    "You're offline. What you see may be out of date, and changes can't be saved until you're back online.",
  unreachable: "Can't reach Stride right now. Trying again…",
  unavailable: "Stride can't save changes right now. Trying again…",
};

/**
 * A line under the header while Stride cannot be reached (docs/product.md#connectivity). When the
 * connection comes back every screen refetches, so nothing stays stale.
 */
export function ConnectivityBanner() {
  const state = useConnectivity();
  const queryClient = useQueryClient();
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current !== 'online' && state === 'online') {
      void queryClient.invalidateQueries({ queryKey: ['api'] });
    }
    previous.current = state;
  }, [state, queryClient]);

  return (
    <div role="status" aria-live="polite" className="sticky top-16 z-30">
      {state === 'online' ? null : (
        <p className="flex items-center justify-center gap-2 border-amber-500/40 border-b bg-amber-100 px-4 py-2 text-center text-amber-950 text-sm dark:bg-amber-950 dark:text-amber-100">
          {state === 'offline' ? (
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <CloudOff aria-hidden="true" className="size-4 shrink-0" />
          )}
          {CONNECTIVITY_TEXT[state]}
        </p>
      )}
    </div>
  );
}
