import { toast } from '../../../components/ui/toast';

/**
 * A failed write tells the person what did not happen and why; the message is the API error's
 * `STATUS: body text` (SPEC §8).
 */
export function notifyError(title: string, error: unknown): void {
  const description = error instanceof Error ? error.message : 'Please try again.';
  toast({ title, description, variant: 'destructive' });
}
