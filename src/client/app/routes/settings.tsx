import {
  CalendarFeedCard,
  DaySettingsCard,
  DeleteAccountCard,
  LabelsCard,
  RemindersCard,
  SessionsCard,
  YourDataCard,
} from '../../features/account';
import { useUser } from '../../features/auth/get-user';

/**
 * Account settings (docs/product.md#account-settings), reached from the account menu: who is signed
 * in, when their day turns over, reminders on this device, the calendar feed's address, the labels on their tasks, the devices signed in to the account, and the account's data as a
 * whole: export, import, deletion.
 */
export function SettingsRoute() {
  const auth = useUser();
  if (auth.status !== 'signed-in') return null;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight">Account settings</h1>
        <p className="mt-1 truncate text-muted-foreground text-sm">Signed in as {auth.user.email}</p>
      </div>
      <DaySettingsCard user={auth.user} />
      <RemindersCard />
      <CalendarFeedCard />
      <LabelsCard />
      <SessionsCard />
      <YourDataCard timeZone={auth.user.timeZone} />
      <DeleteAccountCard />
    </div>
  );
}
