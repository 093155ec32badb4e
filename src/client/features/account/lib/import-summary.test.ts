import { describe, expect, it } from 'vitest';
import { importSummary } from './import-summary';

const none = { goals: 0, tasks: 0, habits: 0 };
const noneLeftOut = { completedDays: 0 };

describe('importSummary', () => {
  it('names what was added', () => {
    expect(
      importSummary({
        added: { goals: 1, tasks: 4, habits: 2, completedDays: 30 },
        alreadyThere: none,
        leftOut: noneLeftOut,
      }),
    ).toBe('Added 1 goal, 4 tasks, 2 habits and 30 completed days.');
  });

  it('says when a second import of the same file found everything already here', () => {
    expect(
      importSummary({
        added: { goals: 0, tasks: 0, habits: 0, completedDays: 0 },
        alreadyThere: { goals: 3, tasks: 4, habits: 2 },
        leftOut: noneLeftOut,
      }),
    ).toBe('Nothing new to add. 9 items were already here and left as they are.');
  });

  it('speaks of one item in the singular', () => {
    expect(
      importSummary({
        added: { goals: 0, tasks: 1, habits: 0, completedDays: 0 },
        alreadyThere: { goals: 0, tasks: 0, habits: 1 },
        leftOut: noneLeftOut,
      }),
    ).toBe('Added 1 task. 1 item was already here and left as it is.');
  });

  it('says how many completed days were left out, and why', () => {
    expect(
      importSummary({
        added: { goals: 0, tasks: 0, habits: 1, completedDays: 2 },
        alreadyThere: none,
        leftOut: { completedDays: 3 },
      }),
    ).toBe(
      'Added 1 habit and 2 completed days. 3 completed days were left out: after today, or of a task outside a habit goal.',
    );
  });
});
