/**
 * Calendar-day rules. "Today" is the user's local calendar date in their IANA time zone, so a habit
 * completed today reads as done until the user's own midnight, with no job to reset it.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** True when the runtime knows this IANA zone name (e.g. "Europe/Paris"). */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The local calendar date (YYYY-MM-DD) at `instant` in `zone`; unknown zones count as UTC. */
export function localDate(instant: Date, zone: string): string {
  // A cached formatter means the zone was already checked; checking builds a formatter, which is slow.
  const safeZone = formatters.has(zone) || isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const parts = formatterFor(safeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
