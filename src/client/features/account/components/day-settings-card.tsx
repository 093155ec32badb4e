import type { AuthUser, UpdateUserInput } from '#shared/api/auth';
import { DAY_START_HOUR_MAX } from '#shared/domain/days';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { notifyError } from '../../../lib/notify-error';
import { browserTimeZone } from '../../../lib/request-init';
import { useUpdateDaySettings } from '../api/update-day-settings';

/** The select's value for "follow this device"; real zone names always contain letters. */
const FROM_DEVICE = '';
const DAY_START_HOURS = Array.from({ length: DAY_START_HOUR_MAX + 1 }, (_, hour) => hour);

function zoneNames(current: string): string[] {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes(current) ? names : [current, ...names].sort();
}

/**
 * When the person's day turns over (docs/product.md#account-settings): the time zone Stride uses,
 * the browser's unless they chose one, and the "day starts at" hour. Each change saves at once.
 */
export function DaySettingsCard({ user }: { user: AuthUser }) {
  const update = useUpdateDaySettings();
  const save = (input: UpdateUserInput) =>
    update.mutate(input, {
      onSuccess: () => toast({ title: 'Settings saved', description: 'Your day follows the new setting.' }),
      onError: (error) => notifyError('Could not save settings', error),
    });
  const device = browserTimeZone();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your day</CardTitle>
        <CardDescription>
          Habits reset and streaks count by your own day. Stride is using {user.timeZone}
          {user.timeZoneFromDevice ? ', this device’s time zone' : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <Label htmlFor="time-zone">Time zone</Label>
          <Select
            id="time-zone"
            value={user.timeZoneFromDevice ? FROM_DEVICE : user.timeZone}
            disabled={update.isPending}
            onChange={(event) => {
              const zone = event.target.value;
              save(zone === FROM_DEVICE ? { timeZoneFromDevice: true } : { timeZone: zone });
            }}
          >
            <option value={FROM_DEVICE}>This device’s time zone{device ? ` (${device})` : ''}</option>
            {zoneNames(user.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="day-start-hour">Day starts at</Label>
          <Select
            id="day-start-hour"
            aria-describedby="day-start-hint"
            value={String(user.dayStartHour)}
            disabled={update.isPending}
            onChange={(event) => save({ dayStartHour: Number(event.target.value) })}
          >
            {DAY_START_HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hour}:00{hour === 0 ? ' (midnight)' : ''}
              </option>
            ))}
          </Select>
          <p id="day-start-hint" className="text-muted-foreground text-xs">
            Anything you tick before this hour counts for the day before, for night owls.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
