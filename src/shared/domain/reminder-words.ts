import { isTimeOfDay, type TimeOfDay } from './reminder-times';

/*
 * A reminder's time in words on the screens (docs/product.md#cards, docs/decisions/036-reminders-on-screen.md):
 * the 24-hour clock the time field writes, without a leading zero on the hour ("7:30", "19:05").
 */

/** "7:30" for "07:30"; undefined for anything that is not a time of day. */
export function reminderTimeLabel(time: TimeOfDay | null | undefined): string | undefined {
  if (!time || !isTimeOfDay(time)) return undefined;
  return `${Number(time.slice(0, 2))}:${time.slice(3, 5)}`;
}

/** What a card's accessible name adds: "Reminder at 7:30". */
export function reminderSpoken(time: TimeOfDay | null | undefined): string | undefined {
  const label = reminderTimeLabel(time);
  return label ? `Reminder at ${label}` : undefined;
}
