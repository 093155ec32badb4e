import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { startReminderMessages } from './reminder-messages';

/** The worker's reminders reach this tab while signed in (lib/reminder-messages.ts). */
export function useReminderMessages(signedIn: boolean): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!signedIn) return;
    return startReminderMessages(navigate);
  }, [signedIn, navigate]);
}
