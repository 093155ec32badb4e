import { toast } from '../components/ui/toast';
import { errorText } from './error-text';

/**
 * The one place a failed write becomes a toast: what did not happen (the title) and why, in words
 * (lib/error-text.ts). A 429 says how long to wait; the server's message already does.
 */
export function notifyError(title: string, error: unknown): void {
  toast({ title, description: errorText(error), variant: 'destructive' });
}
