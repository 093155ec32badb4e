import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startLiveUpdates } from './live-updates';

/** Keeps this tab in step with the person's other tabs and devices while signed in (lib/live-updates.ts). */
export function useLiveUpdates(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    return startLiveUpdates(queryClient);
  }, [signedIn, queryClient]);
}
