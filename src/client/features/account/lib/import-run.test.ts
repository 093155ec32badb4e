import { describe, expect, it } from 'vitest';
import type { AccountImportResult } from '#shared/api/account-data';
import type { SentSoFar } from '../../../lib/api-upload';
import { completedDaysIn, createImportRunner, type ImportEnd, type Upload } from './import-run';

const RESULT: AccountImportResult = {
  added: { goals: 0, tasks: 0, habits: 1, completedDays: 3 },
  alreadyThere: { goals: 0, tasks: 0, habits: 0 },
  leftOut: { completedDays: 0 },
};

/** An upload the test drives: it reports bytes sent and ends when told. */
function controlledUpload() {
  const control: {
    sent?: (progress: SentSoFar) => void;
    finish?: (result: AccountImportResult) => void;
    fail?: (error: unknown) => void;
    calls: number;
  } = { calls: 0 };
  const upload: Upload = (_file, onSent) => {
    control.calls += 1;
    control.sent = onSent;
    return new Promise((resolve, reject) => {
      control.finish = resolve;
      control.fail = reject;
    });
  };
  return { upload, control };
}

const FILE = { habits: [{ completedDays: ['2026-01-01', '2026-01-02'] }, { completedDays: ['2026-01-03'] }] };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the import runner', () => {
  it('goes from sending, with the bytes sent, to bringing in, to idle, and tells the end', async () => {
    const { upload, control } = controlledUpload();
    const runner = createImportRunner(upload);
    const ends: ImportEnd[] = [];
    expect(runner.start(FILE, (end) => ends.push(end))).toBe(true);
    expect(runner.current()).toEqual({ status: 'sending', sent: 0, total: 0, days: 3 });
    control.sent?.({ sent: 400, total: 1000 });
    expect(runner.current()).toEqual({ status: 'sending', sent: 400, total: 1000, days: 3 });
    control.sent?.({ sent: 1000, total: 1000 });
    expect(runner.current()).toEqual({ status: 'bringing-in', days: 3 });
    control.finish?.(RESULT);
    await settle();
    expect(runner.current()).toEqual({ status: 'idle' });
    expect(ends).toEqual([{ ok: true, result: RESULT }]);
  });

  it('runs one import at a time', async () => {
    const { upload, control } = controlledUpload();
    const runner = createImportRunner(upload);
    runner.start(FILE, () => undefined);
    expect(runner.start(FILE, () => undefined)).toBe(false);
    expect(control.calls).toBe(1);
    control.finish?.(RESULT);
    await settle();
    expect(runner.start(FILE, () => undefined)).toBe(true);
  });

  it('keeps a failure for the card that shows it, until the card goes', async () => {
    const { upload, control } = controlledUpload();
    const runner = createImportRunner(upload);
    const hide = runner.cardShown();
    const ends: ImportEnd[] = [];
    runner.start(FILE, (end) => ends.push(end));
    const error = new Error('refused');
    control.fail?.(error);
    await settle();
    expect(runner.current()).toEqual({ status: 'failed', error });
    expect(ends).toEqual([{ ok: false, error, seenOnCard: true }]);
    hide();
    expect(runner.current()).toEqual({ status: 'idle' });
  });

  it('tells a failure no card shows in the end it reports, and keeps nothing', async () => {
    const { upload, control } = controlledUpload();
    const runner = createImportRunner(upload);
    const ends: ImportEnd[] = [];
    runner.start(FILE, (end) => ends.push(end));
    control.fail?.(new Error('refused'));
    await settle();
    expect(runner.current()).toEqual({ status: 'idle' });
    expect(ends[0]).toMatchObject({ ok: false, seenOnCard: false });
  });

  it('tells listeners of every change', () => {
    const { upload, control } = controlledUpload();
    const runner = createImportRunner(upload);
    let heard = 0;
    const stop = runner.subscribe(() => {
      heard += 1;
    });
    runner.start(FILE, () => undefined);
    control.sent?.({ sent: 1, total: 2 });
    stop();
    control.sent?.({ sent: 2, total: 2 });
    expect(heard).toBe(2);
  });
});

describe('completedDaysIn', () => {
  it("counts the days of a file's tasks and habits, and nothing in a file of another shape", () => {
    expect(completedDaysIn({ tasks: [{ completedDays: ['a'] }, {}], ...FILE })).toBe(4);
    expect(completedDaysIn({ habits: 'all' })).toBe(0);
    expect(completedDaysIn(null)).toBe(0);
    expect(completedDaysIn([1, 2])).toBe(0);
  });
});
