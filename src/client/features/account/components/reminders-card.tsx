import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { showTestNotification } from '../../../lib/push-device';
import { PUSH_SUPPORT_WORDS } from '../../../lib/push-support';
import { pushFailureText, useRemindersOnDevice } from '../../../lib/reminders-on-device';

/**
 * "Reminders on this device" (docs/product.md#account-settings, docs/decisions/036-reminders-on-screen.md):
 * a switch that asks the browser for permission only when switched on, says plainly when the browser
 * cannot or will not, and a test notification once it is on. The switching is lib/reminders-on-device.ts,
 * shared with the note beside a reminder being set.
 */
export function RemindersCard() {
  const { support, on, busy, notice, failure, setFailure, change } = useRemindersOnDevice();

  const test = async () => {
    setFailure(null);
    try {
      await showTestNotification();
      toast({ title: 'Test notification sent', description: 'It shows on this device now.' });
    } catch (error) {
      setFailure({ title: 'Could not show a test notification', text: pushFailureText(error) });
    }
  };

  const blocked = support !== 'ready';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reminders</CardTitle>
        <CardDescription>
          A notification at each task’s and habit’s reminder time, on every device you switch on.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex min-h-11 items-center justify-between gap-4">
          <Label htmlFor="reminders-on-device" className="cursor-pointer">
            Reminders on this device
          </Label>
          <Switch
            id="reminders-on-device"
            checked={on === true}
            disabled={blocked || busy || on === undefined}
            aria-describedby={blocked || notice ? 'reminders-notice' : undefined}
            onCheckedChange={(checked) => void change(checked)}
          />
        </div>
        {(blocked || notice) && (
          <p id="reminders-notice" role="status" className="text-muted-foreground text-sm">
            {notice ?? (blocked ? PUSH_SUPPORT_WORDS[support] : null)}
          </p>
        )}
        {failure && <InlineFailure title={failure.title} text={failure.text} />}
        {on === true && (
          <div>
            <Button variant="outline" onClick={() => void test()}>
              Send a test notification
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
