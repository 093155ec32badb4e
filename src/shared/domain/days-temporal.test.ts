import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayAt as dayAtByIntl } from './days';

/*
 * Browsers with Temporal read the wall clock through it (days.ts). Node 20 has no Temporal, so a
 * stand-in answers Temporal's questions from Intl's fields and throws RangeError for unknown zones as
 * Temporal does: what is checked here is that days.ts turns those fields into the same day and hour.
 */
function fields(ms: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') };
}
const standIn = {
  Instant: {
    fromEpochMilliseconds: vi.fn((ms: number) => ({
      toZonedDateTimeISO: (zone: string) => fields(ms, zone),
    })),
  },
};

async function daysWithTemporal() {
  vi.stubGlobal('Temporal', standIn);
  vi.resetModules();
  return import('./days');
}

afterEach(() => vi.unstubAllGlobals());

describe('days.ts where the runtime has Temporal', () => {
  it('decides the same day as the Intl path, day start and daylight-saving changes included', async () => {
    const { dayAt } = await daysWithTemporal();
    const instants = [
      '2026-03-08T06:30:00Z',
      '2026-03-29T00:59:00Z',
      '2026-11-01T08:00:00Z',
      '2026-01-05T02:00:00Z',
    ];
    for (const zone of ['UTC', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      for (const iso of instants) {
        for (const dayStartHour of [0, 3, 6]) {
          const instant = new Date(iso);
          expect(dayAt(instant, zone, dayStartHour), `${iso} ${zone} ${dayStartHour}`).toBe(
            dayAtByIntl(instant, zone, dayStartHour),
          );
        }
      }
    }
    // The answers came through Temporal, not through days.ts's own formatter.
    expect(standIn.Instant.fromEpochMilliseconds).toHaveBeenCalled();
  });

  it('counts an unknown zone as UTC and refuses it as a setting', async () => {
    const { dayAt, isValidTimeZone } = await daysWithTemporal();
    const throwing = {
      Instant: {
        fromEpochMilliseconds: (ms: number) => ({
          toZonedDateTimeISO: (zone: string) => {
            if (zone === 'Mars/Olympus') throw new RangeError('unknown zone');
            return fields(ms, zone);
          },
        }),
      },
    };
    vi.stubGlobal('Temporal', throwing);
    vi.resetModules();
    const fresh = await import('./days');
    expect(fresh.isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(fresh.dayAt(new Date('2026-05-01T23:30:00Z'), 'Mars/Olympus')).toBe('2026-05-01');
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(dayAt(new Date('2026-05-01T23:30:00Z'), 'Europe/Paris')).toBe('2026-05-02');
  });
});
