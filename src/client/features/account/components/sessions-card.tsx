import LogOut from '~icons/lucide/log-out';
import MonitorSmartphone from '~icons/lucide/monitor-smartphone';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { notifyError } from '../../../lib/notify-error';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession, useSignOutEverywhereElse } from '../api/revoke-sessions';
import { deviceName } from '../lib/device-name';
import { timeAgo } from '../lib/relative-time';

/**
 * The browsers and devices signed in to this account (docs/product.md#sessions): this one marked,
 * each other one with a Sign out button, and "Sign out everywhere else".
 */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const signOutOthers = useSignOutEverywhereElse();
  const now = new Date();
  const others = sessions.data?.sessions.filter((session) => !session.current) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Signed-in devices</CardTitle>
        <CardDescription>
          Where your account is open. Sign out a device you no longer use or don't recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <div className="flex flex-col gap-2" role="status" aria-label="Loading devices">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : sessions.isError ? (
          <p role="alert" className="text-destructive text-sm">
            Could not load your devices. {errorText(sessions.error)}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {sessions.data.sessions.map((session) => (
              <li key={session.id} className="flex items-center gap-3 p-3">
                <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-sm">
                    {deviceName(session.userAgent)}
                    {session.current ? (
                      <span className="ms-2 rounded-full bg-primary/10 px-2 py-0.5 font-normal text-primary text-xs">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    Signed in {timeAgo(new Date(session.createdAt), now)} · last active{' '}
                    {timeAgo(new Date(session.lastSeenAt), now)}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={`Sign out ${deviceName(session.userAgent)}, last active ${timeAgo(new Date(session.lastSeenAt), now)}`}
                    onClick={() =>
                      revoke.mutate(session.id, {
                        onSuccess: () => toast({ title: 'Device signed out' }),
                        onError: (error) => notifyError('Could not sign that device out', error),
                      })
                    }
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button
            variant="outline"
            disabled={others.length === 0 || signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: 'Signed out everywhere else',
                    description: 'Only this device is signed in now.',
                  }),
                onError: (error) => notifyError('Could not sign the other devices out', error),
              })
            }
          >
            {signOutOthers.isPending ? <Spinner className="size-4" /> : <LogOut aria-hidden="true" />}
            Sign out everywhere else
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
