import { Button } from '../../../components/ui/button';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { PUSH_SUPPORT_WORDS } from '../../../lib/push-support';
import { useRemindersOnDevice } from '../../../lib/reminders-on-device';

export const REMINDERS_OFF_WORDS = 'Reminders are off on this device.';

/**
 * Beside a reminder being set, when this device would not show it (docs/product.md#reminders,
 * docs/decisions/044-reminders-off-said-where-set.md): reminders switched off here, with the switch at
 * hand, or why this browser cannot take them. Nothing while they are on, or still being looked up.
 */
export function RemindersOffNote() {
  const { support, on, busy, notice, failure, change } = useRemindersOnDevice();
  if (on !== false) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <p role="status" className="text-muted-foreground text-xs">
        {notice ?? (support === 'ready' ? REMINDERS_OFF_WORDS : PUSH_SUPPORT_WORDS[support])}
      </p>
      {support === 'ready' && (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void change(true)}>
          Switch reminders on
        </Button>
      )}
      {failure && <InlineFailure title={failure.title} text={failure.text} />}
    </div>
  );
}
