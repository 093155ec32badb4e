import { describe, expect, it } from 'vitest';
import { reminderSpoken, reminderTimeLabel } from './reminder-words';

describe('reminder words (docs/product.md#cards)', () => {
  it.each([
    ['07:30', '7:30', 'Reminder at 7:30'],
    ['00:05', '0:05', 'Reminder at 0:05'],
    ['19:00', '19:00', 'Reminder at 19:00'],
    ['23:59', '23:59', 'Reminder at 23:59'],
  ])('%s reads %s', (time, label, spoken) => {
    expect(reminderTimeLabel(time)).toBe(label);
    expect(reminderSpoken(time)).toBe(spoken);
  });

  it.each([null, undefined, '', '24:00', '7:30', 'noon'])('%s is no reminder', (time) => {
    expect(reminderTimeLabel(time)).toBeUndefined();
    expect(reminderSpoken(time)).toBeUndefined();
  });
});
