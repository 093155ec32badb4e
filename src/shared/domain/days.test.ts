import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localDate } from './days';

describe('localDate', () => {
  it.each([
    // One instant, three calendar days: the user's zone decides.
    ['2026-11-22T10:30:00Z', 'UTC', '2026-11-22'],
    ['2026-11-22T10:30:00Z', 'Pacific/Kiritimati', '2026-11-23'],
    ['2026-11-22T10:30:00Z', 'Pacific/Pago_Pago', '2026-11-21'],
    // Just before and at local midnight in Paris (UTC+1 in November).
    ['2026-11-22T22:59:59Z', 'Europe/Paris', '2026-11-22'],
    ['2026-11-22T23:00:00Z', 'Europe/Paris', '2026-11-23'],
    // Daylight-saving change day in New York (clocks back at 06:00Z).
    ['2026-11-01T03:59:59Z', 'America/New_York', '2026-10-31'],
    ['2026-11-01T04:00:00Z', 'America/New_York', '2026-11-01'],
    // Unknown zones count as UTC.
    ['2026-11-22T23:30:00Z', 'Mars/Olympus', '2026-11-22'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(localDate(new Date(instant), zone)).toBe(expected);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['Europe/Paris', true],
    ['UTC', true],
    ['', false],
    ['Not/AZone', false],
    ['x'.repeat(65), false],
  ])('%s → %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});
