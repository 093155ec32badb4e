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

// Every call of a request asks for the same answer: remember it per zone for the minute (no zone
// changes its offset between whole minutes). Formatting was a visible cost per API call.
const recent = new Map<string, string>();

/** The local calendar date (YYYY-MM-DD) at `instant` in `zone`; unknown zones count as UTC. */
export function localDate(instant: Date, zone: string): string {
  const key = `${zone}|${Math.floor(instant.getTime() / 60_000)}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  if (recent.size > 1000) recent.clear();
  const date = formatLocalDate(instant, zone);
  recent.set(key, date);
  return date;
}

function formatLocalDate(instant: Date, zone: string): string {
  // A cached formatter means the zone was already checked; checking builds a formatter, which is slow.
  const safeZone = formatters.has(zone) || isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const parts = formatterFor(safeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
