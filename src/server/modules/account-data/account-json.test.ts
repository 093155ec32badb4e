import { describe, expect, it } from 'vitest';
import type { AccountExport } from '#shared/api/account-data';
import { accountJsonPieces } from './account-json';

const head = {
  format: 'stride-export',
  version: 3,
  exportedAt: '2026-03-10T12:00:00.000Z',
  profile: { email: 'dana@example.com', name: 'Dana "Quotes" Export', createdAt: '2026-01-01T00:00:00.000Z' },
  devices: [],
  settings: { timeZone: 'Europe/Paris', timeZoneFromDevice: true, dayStartHour: 0 },
} as const;

const goal = (i: number) => ({
  id: `g${i}`,
  title: `Goal ${i}, with "quotes" and \u2028`,
  description: null,
  color: 'blue',
  isHabitGoal: false,
  archived: false,
  sortOrder: i,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('accountJsonPieces', () => {
  it.each([0, 1, 100, 101, 250])('joined, is the file JSON.stringify writes (%i goals)', (count) => {
    const data = {
      ...head,
      goals: Array.from({ length: count }, (_, i) => goal(i)),
      tasks: [],
      habits: [],
    } as unknown as AccountExport;
    const pieces = [...accountJsonPieces(data)];
    expect(pieces.join('')).toBe(JSON.stringify(data));
    expect(JSON.parse(pieces.join(''))).toEqual(data);
  });

  it('writes a long list in several pieces, none holding more than a hundred items', () => {
    const data = {
      ...head,
      goals: Array.from({ length: 450 }, (_, i) => goal(i)),
      tasks: [],
      habits: [],
    } as unknown as AccountExport;
    const pieces = [...accountJsonPieces(data)];
    expect(pieces.length).toBeGreaterThan(5);
    for (const piece of pieces) expect(piece.split('"id":').length - 1).toBeLessThanOrEqual(100);
  });
});
