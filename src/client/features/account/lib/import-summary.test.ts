import { describe, expect, it } from 'vitest';
import { importSummary } from './import-summary';

const none = { goals: 0, tasks: 0, habits: 0 };

describe('importSummary', () => {
  it('names what was added', () => {
    expect(
      importSummary({ added: { goals: 1, tasks: 4, habits: 2, completedDays: 30 }, alreadyThere: none }),
    ).toBe('Added 1 goal, 4 tasks, 2 habits and 30 completed days.');
  });

  it('says when a second import of the same file found everything already here', () => {
    expect(
      importSummary({
        added: { goals: 0, tasks: 0, habits: 0, completedDays: 0 },
        alreadyThere: { goals: 3, tasks: 4, habits: 2 },
      }),
    ).toBe('Nothing new to add. 9 items were already here and left as they are.');
  });

  it('speaks of one item in the singular', () => {
    expect(
      importSummary({
        added: { goals: 0, tasks: 1, habits: 0, completedDays: 0 },
        alreadyThere: { goals: 0, tasks: 0, habits: 1 },
      }),
    ).toBe('Added 1 task. 1 item was already here and left as it is.');
  });
});
