import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import {
  currentSubscription,
  NO_WORKER_MESSAGE,
  showTestNotification,
  switchRemindersOff,
  switchRemindersOn,
} from '../api/push-device';
import { browserTraits, PUSH_SUPPORT_WORDS, type PushSupport, pushSupport } from '../lib/push-support';

export const DENIED_WORDS =
  'The browser refused notifications for Stride, so reminders stay off. Allow notifications in the site’s settings, then switch reminders on again.';
export const DISMISSED_WORDS =
  'Reminders stay off: the browser’s question was closed without an answer. Switch them on to be asked again.';
const PUSH_SERVICE_WORDS =
  'This browser’s push service did not take the subscription. Try again in a moment.';

/** A failure in words: the server's, the worker's, or the browser's push service's. */
function failureText(error: unknown): string {
  if (error instanceof ApiError || error instanceof TypeError) return errorText(error);
  if (error instanceof Error && error.message === NO_WORKER_MESSAGE) return NO_WORKER_MESSAGE;
  if (error instanceof DOMException) return PUSH_SERVICE_WORDS;
  return errorText(error);
}

/**
 * "Reminders on this device" (docs/product.md#account-settings, docs/decisions/036-reminders-on-screen.md):
 * a switch that asks the browser for permission only when switched on, says plainly when the browser
 * cannot or will not, and a test notification once it is on.
 */
export function RemindersCard() {
  const [support, setSupport] = useState<PushSupport>(() => pushSupport(browserTraits()));
  // undefined while the browser's own subscription is being looked up.
  const [on, setOn] = useState<boolean | undefined>(support === 'ready' ? undefined : false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);

  useEffect(() => {
    if (support !== 'ready') return;
    let live = true;
    const granted = Notification.permission === 'granted';
    (granted ? currentSubscription() : Promise.resolve(null)).then(
      (subscription) => live && setOn(subscription !== null),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [support]);

  const change = async (wanted: boolean) => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      if (wanted) {
        const outcome = await switchRemindersOn();
        if (outcome === 'on') {
          setOn(true);
          toast({
            title: 'Reminders on',
            description: 'This device gets a notification at each reminder time.',
          });
        } else {
          setNotice(outcome === 'denied' ? DENIED_WORDS : DISMISSED_WORDS);
          setSupport(pushSupport(browserTraits()));
        }
      } else {
        await switchRemindersOff();
        setOn(false);
        toast({ title: 'Reminders off', description: 'This device gets no more reminders.' });
      }
    } catch (error) {
      setFailure({
        title: wanted ? 'Could not switch reminders on' : 'Could not switch reminders off',
        text: failureText(error),
      });
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setFailure(null);
    try {
      await showTestNotification();
      toast({ title: 'Test notification sent', description: 'It shows on this device now.' });
    } catch (error) {
      setFailure({ title: 'Could not show a test notification', text: failureText(error) });
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
