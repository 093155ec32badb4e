import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { useNewCalendarFeed, useStopCalendarFeed } from '../api/calendar-feed';

/**
 * The calendar feed's address (docs/product.md#calendar-feed, docs/decisions/036-reminders-on-screen.md):
 * Stride keeps only its hash, so the address is shown when it is made, with Copy; "Make a new address"
 * replaces it (the old one stops working), and "Stop the feed" ends it.
 */
export function CalendarFeedCard() {
  const make = useNewCalendarFeed();
  const stop = useStopCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const field = useRef<HTMLInputElement | null>(null);

  const newAddress = () => {
    setFailure(null);
    make.mutate(undefined, {
      onSuccess: (feed) => {
        setUrl(feed.url);
        toast({ title: 'New calendar address', description: 'Any address made before has stopped working.' });
      },
      onError: (error) => setFailure({ title: 'Could not make an address', text: errorText(error) }),
    });
  };
  const stopFeed = () => {
    setFailure(null);
    stop.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast({ title: 'Calendar feed stopped', description: 'Its address no longer shows your plan.' });
      },
      onError: (error) => setFailure({ title: 'Could not stop the feed', text: errorText(error) }),
    });
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Address copied', description: 'Paste it where your calendar adds a calendar by URL.' });
    } catch {
      // No clipboard (an insecure page, a refusal): the address is selected for the person to copy.
      field.current?.select();
      toast({ title: 'Could not copy', description: 'The address is selected: copy it from the field.' });
    }
  };

  const busy = make.isPending || stop.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          Your planned tasks in Google Calendar, Apple Calendar or Outlook: subscribe to a secret address, and
          your calendar keeps it up to date.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {url ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor="calendar-feed-address">Your calendar address</Label>
            <div className="flex gap-2">
              <Input
                id="calendar-feed-address"
                ref={field}
                readOnly
                value={url}
                aria-describedby="calendar-feed-once"
                className="min-w-0 flex-1 font-mono text-xs sm:text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button variant="outline" onClick={() => void copy()}>
                Copy
              </Button>
            </div>
            <p id="calendar-feed-once" className="text-muted-foreground text-xs">
              Stride shows this address only now. Anyone who has it can read your plan: keep it to your
              calendar.
            </p>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">
            Stride keeps no copy of the address, so it is shown once, when made. Making a new one stops any
            address made before.
          </p>
        )}
        {failure && <InlineFailure title={failure.title} text={failure.text} />}
        <div className="flex flex-wrap gap-2">
          <Button variant={url ? 'outline' : 'default'} disabled={busy} onClick={newAddress}>
            {make.isPending && <Spinner className="size-4" />}
            Make a new address
          </Button>
          <Button variant="ghost" disabled={busy} onClick={stopFeed}>
            {stop.isPending && <Spinner className="size-4" />}
            Stop the feed
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
