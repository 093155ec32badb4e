import { describe, expect, it } from 'vitest';
import { type QuickAddContext, readQuickAdd } from './quick-add-words';

// The person's day is Friday 27 November 2026 unless a row says otherwise.
const TODAY = '2026-11-27';
const GOALS = [
  { id: 'g-family', title: 'Family' },
  { id: 'g-spanish', title: 'Learn Spanish' },
  { id: 'g-learn', title: 'Learn' },
  { id: 'g-arabic', title: 'عائلة' },
];
const context = (today = TODAY): QuickAddContext => ({ today, goals: GOALS });

type Expected = {
  title: string;
  plannedFor?: string | null;
  repeat?: string | null;
  remindAt?: string | null;
  priority?: number | null;
  labels?: string[];
  goalId?: string | null;
};

/** Rows whose third column, the person's day, is TODAY when left out. */
const onDays = (rows: [string, Expected, string?][]) =>
  rows.map(([text, expected, today = TODAY]): [string, Expected, string] => [text, expected, today]);

function expectReading(text: string, expected: Expected, today = TODAY) {
  const reading = readQuickAdd(text, context(today));
  expect({
    title: reading.title,
    plannedFor: reading.plannedFor,
    repeat: reading.repeat,
    remindAt: reading.remindAt,
    priority: reading.priority,
    labels: reading.labels,
    goalId: reading.goalId,
  }).toEqual({
    plannedFor: null,
    repeat: null,
    remindAt: null,
    priority: null,
    labels: [],
    goalId: null,
    ...expected,
  });
  // Every chip's words are where it says, and taking them all out leaves the title.
  for (const chip of reading.chips) expect(text.slice(chip.start, chip.end)).toBe(chip.text);
}

describe('readQuickAdd: days', () => {
  it.each(
    onDays([
      ['Call mum tomorrow', { title: 'Call mum', plannedFor: '2026-11-28' }],
      ['Call mum today', { title: 'Call mum', plannedFor: '2026-11-27' }],
      ['Tomorrow call mum', { title: 'call mum', plannedFor: '2026-11-28' }],
      ['Call mum tmrw', { title: 'Call mum', plannedFor: '2026-11-28' }],
      ['Call mum, tomorrow', { title: 'Call mum', plannedFor: '2026-11-28' }],
      ['Call mum tomorrow.', { title: 'Call mum.', plannedFor: '2026-11-28' }],
      ['Call mum tomorrow!', { title: 'Call mum!', plannedFor: '2026-11-28' }],
      ['Call mum tomorrow, then Ana', { title: 'Call mum, then Ana', plannedFor: '2026-11-28' }],
      ['Call mum, tomorrow, then Ana', { title: 'Call mum, then Ana', plannedFor: '2026-11-28' }],
      ['Tomorrow, call mum', { title: 'call mum', plannedFor: '2026-11-28' }],
      ['Buy milk in 3 days', { title: 'Buy milk', plannedFor: '2026-11-30' }],
      ['Buy milk in 2 weeks', { title: 'Buy milk', plannedFor: '2026-12-11' }],
      ['Buy milk day after tomorrow', { title: 'Buy milk', plannedFor: '2026-11-29' }],
      // A weekday is the nearest one from today on: on a Friday, "fri" is today.
      ['Meet Ana fri', { title: 'Meet Ana', plannedFor: '2026-11-27' }],
      ['Meet Ana mon', { title: 'Meet Ana', plannedFor: '2026-11-30' }],
      ['Meet Ana on thursday', { title: 'Meet Ana', plannedFor: '2026-12-03' }],
      ['Meet Ana next friday', { title: 'Meet Ana', plannedFor: '2026-12-04' }],
      ['Meet Ana fri next week', { title: 'Meet Ana', plannedFor: '2026-12-04' }],
      // "next week" is the Monday that starts it, "next month" and "next year" their first day.
      ['Plan budget next week', { title: 'Plan budget', plannedFor: '2026-11-30' }],
      ['Plan budget next week', { title: 'Plan budget', plannedFor: '2026-11-30' }, '2026-11-29'], // a Sunday
      ['Plan budget next week', { title: 'Plan budget', plannedFor: '2026-12-07' }, '2026-11-30'], // a Monday
      ['Plan budget next month', { title: 'Plan budget', plannedFor: '2026-12-01' }],
      ['Plan budget next month', { title: 'Plan budget', plannedFor: '2027-01-01' }, '2026-12-31'],
      ['Plan budget next year', { title: 'Plan budget', plannedFor: '2027-01-01' }],
      // Dates in words; one already past this year is next year's (as in Todoist).
      ['Buy gifts dec 24', { title: 'Buy gifts', plannedFor: '2026-12-24' }],
      ['Buy gifts 24 December', { title: 'Buy gifts', plannedFor: '2026-12-24' }],
      ['Buy gifts on dec 24th', { title: 'Buy gifts', plannedFor: '2026-12-24' }],
      ['Buy gifts dec 24', { title: 'Buy gifts', plannedFor: '2027-12-24' }, '2026-12-26'],
      ['Buy gifts due by dec 24', { title: 'Buy gifts', plannedFor: '2026-12-24' }],
      ['Renew passport 3 march', { title: 'Renew passport', plannedFor: '2027-03-03' }],
      ['Renew passport 2027-03-03', { title: 'Renew passport', plannedFor: '2027-03-03' }],
      // A year written out is kept, even past (the task is then overdue).
      ['Pay taxes dec 24 2025', { title: 'Pay taxes', plannedFor: '2025-12-24' }],
      // Month ends: a month later keeps the date or takes the month's last day.
      ['Renew in 1 month', { title: 'Renew', plannedFor: '2027-02-28' }, '2027-01-31'],
      ['Renew in a month', { title: 'Renew', plannedFor: '2028-02-29' }, '2028-01-31'],
      ['Renew in 1 month', { title: 'Renew', plannedFor: '2026-12-27' }],
      ['Renew in 1 year', { title: 'Renew', plannedFor: '2029-02-28' }, '2028-02-29'],
      // 29 February: read when the coming February has one.
      ['Leap party feb 29', { title: 'Leap party', plannedFor: '2028-02-29' }, '2027-11-27'],
      ['Leap party feb 29', { title: 'Leap party feb 29' }],
      ['Leap party 29 feb 2028', { title: 'Leap party', plannedFor: '2028-02-29' }],
      // Year's end.
      ['Toast tomorrow', { title: 'Toast', plannedFor: '2027-01-01' }, '2026-12-31'],
      ['Toast in 3 days', { title: 'Toast', plannedFor: '2027-01-02' }, '2026-12-30'],
      ['Toast jan 2', { title: 'Toast', plannedFor: '2027-01-02' }, '2026-12-30'],
    ]),
  )('%j -> %j on %s', (text, expected, today) => {
    expectReading(text, expected, today);
  });

  it.each<[string, Expected, string?]>([
    // A moment that is no time of day stays in the title (times of day: 'readQuickAdd: reminders').
    ['Call mum in 3 hours', { title: 'Call mum in 3 hours' }],
    ['Do it now', { title: 'Do it now' }],
    // Words that are days only with "on", "this" or "next".
    ['Buy a sun hat', { title: 'Buy a sun hat' }],
    ['Sat exam results', { title: 'Sat exam results' }],
    ['Call on sat', { title: 'Call', plannedFor: '2026-11-28' }],
    ['Plan weekend', { title: 'Plan weekend' }],
    ['Plan this weekend', { title: 'Plan', plannedFor: '2026-11-28' }],
    // A month alone is not a day; nor are counts without "in", slashes, years, or the past.
    ['Read may issue', { title: 'Read may issue' }],
    ['Trip in may', { title: 'Trip in may' }],
    ['Take 2 days off', { title: 'Take 2 days off' }],
    ['Read 3/4 of the book', { title: 'Read 3/4 of the book' }],
    ['Read 1984', { title: 'Read 1984' }],
    ['Review what went wrong yesterday', { title: 'Review what went wrong yesterday' }],
    ['Call back about last friday', { title: 'Call back about last friday' }],
    ['Find the photo from 3 days ago', { title: 'Find the photo from 3 days ago' }],
    // Only from 2000-01-01 to ten years ahead.
    ['Open time capsule dec 24 2040', { title: 'Open time capsule dec 24 2040' }],
    ['Open time capsule in 10 years', { title: 'Open time capsule', plannedFor: '2036-11-27' }],
    // Only the first day is read; a later one stays in the title.
    ['Call mum tomorrow or friday', { title: 'Call mum or friday', plannedFor: '2026-11-28' }],
    // A range is no plan: a task has one day.
    ['Ski trip dec 24 - dec 26', { title: 'Ski trip dec 24 - dec 26' }],
    ['Move meeting from tomorrow to friday', { title: 'Move meeting from tomorrow to friday' }],
    // Arabic text is left as it is; an English day beside it is read.
    ['اتصل بأمي', { title: 'اتصل بأمي' }],
    ['اتصل بأمي tomorrow', { title: 'اتصل بأمي', plannedFor: '2026-11-28' }],
  ])('%j -> %j', (text, expected) => {
    expectReading(text, expected);
  });

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Europe/London'])(
    'reads the same days when the machine runs in %s',
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone; // Node applies a new TZ to the next Date at once
      try {
        for (const [text, day] of [
          ['x tomorrow', '2026-11-28'],
          ['x fri', '2026-11-27'],
          ['x next week', '2026-11-30'],
          ['x dec 24', '2026-12-24'],
          ['x every monday', '2026-11-30'],
        ] as const) {
          expect(readQuickAdd(text, context()).plannedFor).toBe(day);
        }
        // A daylight-saving change on the machine's side of the person's day changes nothing.
        expect(readQuickAdd('x tomorrow', context('2026-03-07')).plannedFor).toBe('2026-03-08');
        expect(readQuickAdd('x tomorrow', context('2026-10-31')).plannedFor).toBe('2026-11-01');
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );

  it('reads the person’s day, not the machine’s clock or zone', () => {
    // The same words on two people's days, whatever the process's TZ is.
    expect(readQuickAdd('x tomorrow', context('2026-03-28')).plannedFor).toBe('2026-03-29'); // London's spring change
    expect(readQuickAdd('x tomorrow', context('2026-11-01')).plannedFor).toBe('2026-11-02'); // New York's fall change
    expect(readQuickAdd('x mon', context('2000-01-01')).plannedFor).toBe('2000-01-03');
  });
});

describe('readQuickAdd: repeats', () => {
  it.each(
    onDays([
      ['Gym every monday', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO', plannedFor: '2026-11-30' }],
      ['Gym every Monday', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO', plannedFor: '2026-11-30' }],
      ['Gym every mondays', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO', plannedFor: '2026-11-30' }],
      // A repeat with no day is planned for its first occurrence from today on, today included.
      ['Gym every friday', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=FR', plannedFor: '2026-11-27' }],
      [
        'Gym every mon, wed and fri',
        { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', plannedFor: '2026-11-27' },
      ],
      ['Gym every mon/wed', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE', plannedFor: '2026-11-30' }],
      ['Gym every tue & thu', { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=TU,TH', plannedFor: '2026-12-01' }],
      [
        'Gym every mon wed fri',
        { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', plannedFor: '2026-11-27' },
      ],
      ['Stretch every day', { title: 'Stretch', repeat: 'FREQ=DAILY', plannedFor: '2026-11-27' }],
      ['Stretch everyday', { title: 'Stretch', repeat: 'FREQ=DAILY', plannedFor: '2026-11-27' }],
      ['Stretch daily', { title: 'Stretch', repeat: 'FREQ=DAILY', plannedFor: '2026-11-27' }],
      ['Daily standup', { title: 'standup', repeat: 'FREQ=DAILY', plannedFor: '2026-11-27' }],
      [
        'Water plants every 3 days',
        { title: 'Water plants', repeat: 'FREQ=DAILY;INTERVAL=3', plannedFor: TODAY },
      ],
      ['Run every weekday', { title: 'Run', repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', plannedFor: TODAY }],
      [
        'Run every weekday',
        { title: 'Run', repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', plannedFor: '2026-11-30' },
        '2026-11-28',
      ],
      ['Hike every weekend', { title: 'Hike', repeat: 'FREQ=WEEKLY;BYDAY=SA,SU', plannedFor: '2026-11-28' }],
      // A rule the words leave open takes its day from the first day.
      ['Review weekly', { title: 'Review', repeat: 'FREQ=WEEKLY;BYDAY=FR', plannedFor: TODAY }],
      ['Review every week', { title: 'Review', repeat: 'FREQ=WEEKLY;BYDAY=FR', plannedFor: TODAY }],
      [
        'Review every 2 weeks',
        { title: 'Review', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', plannedFor: TODAY },
      ],
      [
        'Review every other week',
        { title: 'Review', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', plannedFor: TODAY },
      ],
      ['Backup every month', { title: 'Backup', repeat: 'FREQ=MONTHLY;BYMONTHDAY=27', plannedFor: TODAY }],
      ['Backup monthly', { title: 'Backup', repeat: 'FREQ=MONTHLY;BYMONTHDAY=27', plannedFor: TODAY }],
      // On the 31st, "every month" is the 31st: months without one are skipped (RFC 5545).
      [
        'Backup every month',
        { title: 'Backup', repeat: 'FREQ=MONTHLY;BYMONTHDAY=31', plannedFor: '2027-01-31' },
        '2027-01-31',
      ],
      [
        'Taxes every year',
        { title: 'Taxes', repeat: 'FREQ=YEARLY;BYMONTHDAY=27;BYMONTH=11', plannedFor: TODAY },
      ],
      [
        'Leap day every year',
        { title: 'Leap day', repeat: 'FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2', plannedFor: '2028-02-29' },
        '2028-02-29',
      ],
      [
        'Taxes annually',
        { title: 'Taxes', repeat: 'FREQ=YEARLY;BYMONTHDAY=27;BYMONTH=11', plannedFor: TODAY },
      ],
      // Interval with days: the count starts at the first occurrence, this coming Tuesday.
      [
        'Standup every 2 weeks on tuesday',
        { title: 'Standup', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', plannedFor: '2026-12-01' },
      ],
      [
        'Standup every other week on tue and thu',
        { title: 'Standup', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', plannedFor: '2026-12-01' },
      ],
      [
        'Sync every week on mon and thu',
        { title: 'Sync', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH', plannedFor: '2026-11-30' },
      ],
      // Months.
      [
        'Pay rent every month on the 1st',
        { title: 'Pay rent', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1', plannedFor: '2026-12-01' },
      ],
      [
        'Pay rent every month on the 1st #Family',
        {
          title: 'Pay rent',
          repeat: 'FREQ=MONTHLY;BYMONTHDAY=1',
          plannedFor: '2026-12-01',
          goalId: 'g-family',
        },
      ],
      [
        'Pay every month on the 1st and 15th',
        { title: 'Pay', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1,15', plannedFor: '2026-12-01' },
      ],
      [
        'Pay every 2 months on the 15th',
        { title: 'Pay', repeat: 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15', plannedFor: '2026-12-15' },
      ],
      [
        'Pay every month on the 31st',
        { title: 'Pay', repeat: 'FREQ=MONTHLY;BYMONTHDAY=31', plannedFor: '2026-12-31' },
      ],
      [
        'Bills monthly on the last day',
        { title: 'Bills', repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1', plannedFor: '2026-11-30' },
      ],
      [
        'Bills every last day of the month',
        { title: 'Bills', repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1', plannedFor: '2026-11-30' },
      ],
      [
        'Bills every last day of the month',
        { title: 'Bills', repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1', plannedFor: '2028-02-29' },
        '2028-02-01',
      ],
      [
        'Bills every 15th of the month',
        { title: 'Bills', repeat: 'FREQ=MONTHLY;BYMONTHDAY=15', plannedFor: '2026-12-15' },
      ],
      [
        'Trim every second to last day of the month',
        { title: 'Trim', repeat: 'FREQ=MONTHLY;BYMONTHDAY=-2', plannedFor: '2026-11-29' },
      ],
      [
        'Dentist every 2nd tuesday',
        { title: 'Dentist', repeat: 'FREQ=MONTHLY;BYDAY=2TU', plannedFor: '2026-12-08' },
      ],
      [
        'Dentist every month on the 2nd tuesday',
        { title: 'Dentist', repeat: 'FREQ=MONTHLY;BYDAY=2TU', plannedFor: '2026-12-08' },
      ],
      [
        'Review every last friday of the month',
        { title: 'Review', repeat: 'FREQ=MONTHLY;BYDAY=-1FR', plannedFor: TODAY },
      ],
      [
        'Review every first monday',
        { title: 'Review', repeat: 'FREQ=MONTHLY;BYDAY=1MO', plannedFor: '2026-12-07' },
      ],
      // Years.
      [
        'Xmas cards every dec 1',
        { title: 'Xmas cards', repeat: 'FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=12', plannedFor: '2026-12-01' },
      ],
      [
        'Birthday every year on 3 march',
        { title: 'Birthday', repeat: 'FREQ=YEARLY;BYMONTHDAY=3;BYMONTH=3', plannedFor: '2027-03-03' },
      ],
      [
        'Birthday yearly on 24th of november',
        { title: 'Birthday', repeat: 'FREQ=YEARLY;BYMONTHDAY=24;BYMONTH=11', plannedFor: '2027-11-24' },
      ],
      [
        'Leap every feb 29',
        { title: 'Leap', repeat: 'FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2', plannedFor: '2028-02-29' },
      ],
      // Counted and ending.
      ['Pills every day 5 times', { title: 'Pills', repeat: 'FREQ=DAILY;COUNT=5', plannedFor: TODAY }],
      ['Pills every day for 10 times', { title: 'Pills', repeat: 'FREQ=DAILY;COUNT=10', plannedFor: TODAY }],
      [
        'Pills every day until dec 24',
        { title: 'Pills', repeat: 'FREQ=DAILY;UNTIL=20261224', plannedFor: TODAY },
      ],
      [
        'Pills every monday until next month',
        { title: 'Pills', repeat: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20261201', plannedFor: '2026-11-30' },
      ],
      [
        'Pills every day until whenever',
        { title: 'Pills until whenever', repeat: 'FREQ=DAILY', plannedFor: TODAY },
      ],
      // A rule with nothing left to do is not read.
      ['Pills every monday until dec 24 2025', { title: 'Pills every monday until dec 24 2025' }],
      // A day with a repeat says where it starts: the first occurrence from that day on.
      [
        'Gym every monday starting dec 1',
        { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO', plannedFor: '2026-12-07' },
      ],
      [
        'Gym every monday from tomorrow',
        { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO', plannedFor: '2026-11-30' },
      ],
      [
        'Review every week from next week',
        { title: 'Review', repeat: 'FREQ=WEEKLY;BYDAY=MO', plannedFor: '2026-11-30' },
      ],
      [
        'Backup monthly dec 15',
        { title: 'Backup', repeat: 'FREQ=MONTHLY;BYMONTHDAY=15', plannedFor: '2026-12-15' },
      ],
      [
        'Gym every monday from dec 24 2025',
        { title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO', plannedFor: '2026-11-30' },
      ],
      // Words in the middle of a title.
      [
        'Pay rent every month on the 1st to Sam',
        { title: 'Pay rent to Sam', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1', plannedFor: '2026-12-01' },
      ],
      ['Call mum tomorrow about the trip', { title: 'Call mum about the trip', plannedFor: '2026-11-28' }],
      [
        'Pay rent every 1st',
        { title: 'Pay rent', repeat: 'FREQ=MONTHLY;BYMONTHDAY=1', plannedFor: '2026-12-01' },
      ],
      [
        'Pay rent every 1st #Family',
        {
          title: 'Pay rent',
          repeat: 'FREQ=MONTHLY;BYMONTHDAY=1',
          plannedFor: '2026-12-01',
          goalId: 'g-family',
        },
      ],
      // "every" that is no repeat stays.
      ['Read every page', { title: 'Read every page' }],
      ['Every little thing', { title: 'Every little thing' }],
      ['Blink every second', { title: 'Blink every second' }],
      ['Read every 2nd page', { title: 'Read every 2nd page' }],
      ['Thank every last one of them', { title: 'Thank every last one of them' }],
      ['Pay each month’s bills', { title: 'Pay each month’s bills' }],
      ["Log every day's steps", { title: "Log every day's steps" }],
    ]),
  )('%j -> %j on %s', (text, expected, today) => {
    expectReading(text, expected, today);
  });
});

describe('readQuickAdd: goals', () => {
  it.each<[string, Expected, string?]>([
    ['Call mum #Family', { title: 'Call mum', goalId: 'g-family' }],
    ['Call mum #family', { title: 'Call mum', goalId: 'g-family' }],
    ['#Family Call mum', { title: 'Call mum', goalId: 'g-family' }],
    // The longest goal name wins, in any case.
    ['Verbs #learn spanish', { title: 'Verbs', goalId: 'g-spanish' }],
    ['Verbs #Learn', { title: 'Verbs', goalId: 'g-learn' }],
    ['Verbs #Learn Italian', { title: 'Verbs Italian', goalId: 'g-learn' }],
    ['اتصل #عائلة', { title: 'اتصل', goalId: 'g-arabic' }],
    // A "#" inside a word, a name that goes on, or an unknown name stays in the title.
    ['C# lesson', { title: 'C# lesson' }],
    ['Fix issue#3', { title: 'Fix issue#3' }],
    ['Call #Familyman', { title: 'Call #Familyman' }],
    ['Call #Friends', { title: 'Call #Friends' }],
    // Only the first goal; a second stays.
    ['Call #Family #Learn', { title: 'Call #Learn', goalId: 'g-family' }],
    // A goal's name is a goal's, even when it holds a day.
    ['Call mum tomorrow #Family', { title: 'Call mum', plannedFor: '2026-11-28', goalId: 'g-family' }],
    ['tomorrow 5pm #family', { title: '', plannedFor: '2026-11-28', remindAt: '17:00', goalId: 'g-family' }],
  ])('%j -> %j', (text, expected) => {
    expectReading(text, expected);
  });

  it('reads a goal whose name holds day words as the goal', () => {
    const goals = [{ id: 'g-next', title: 'Next week plans' }];
    const reading = readQuickAdd('Book hotel #next week plans', { today: TODAY, goals });
    expect(reading).toMatchObject({ title: 'Book hotel', goalId: 'g-next', plannedFor: null });
  });
});

describe('readQuickAdd: reminders', () => {
  it.each<[string, Expected, string?]>([
    // With a day, the time is that day's reminder.
    ['Call mum tomorrow 5pm', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '17:00' }],
    ['Call mum at 5pm tomorrow', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '17:00' }],
    ['Call mum tomorrow at noon', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '12:00' }],
    ['Call mum tomorrow at midnight', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '00:00' }],
    ['Call mum on friday at 9:30am', { title: 'Call mum', plannedFor: TODAY, remindAt: '09:30' }],
    ['Call mum dec 24 at 17:45', { title: 'Call mum', plannedFor: '2026-12-24', remindAt: '17:45' }],
    ['Call mum tomorrow @7:05', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '07:05' }],
    ['Call mum tomorrow 5 PM', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '17:00' }],
    ['Call mum tomorrow 7 a.m.', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '07:00' }],
    ['Call mum tomorrow 12am', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '00:00' }],
    ['Call mum tomorrow 12pm', { title: 'Call mum', plannedFor: '2026-11-28', remindAt: '12:00' }],
    // Alone, it plans the task for today, so that it is reminded.
    ['Call mum at 5pm', { title: 'Call mum', plannedFor: TODAY, remindAt: '17:00' }],
    ['Call mum at 5pm', { title: 'Call mum', plannedFor: '2027-01-01', remindAt: '17:00' }, '2027-01-01'],
    ['Call mum tonight 8pm', { title: 'Call mum', plannedFor: TODAY, remindAt: '20:00' }],
    // With a repeat, each of its days.
    [
      'Gym every monday 7am',
      { title: 'Gym', plannedFor: '2026-11-30', repeat: 'FREQ=WEEKLY;BYDAY=MO', remindAt: '07:00' },
    ],
    [
      'Pills every day at 21:00',
      { title: 'Pills', plannedFor: TODAY, repeat: 'FREQ=DAILY', remindAt: '21:00' },
    ],
    // Only the first; a second stays.
    ['Call mum 5pm or 6pm', { title: 'Call mum or 6pm', plannedFor: TODAY, remindAt: '17:00' }],
    // Not times of day: no "at" before a 24-hour clock, an hour without am or pm, inside a word or a
    // number, out of range.
    ['Read John 3:16', { title: 'Read John 3:16' }],
    ['Train 17:30 to Leeds', { title: 'Train 17:30 to Leeds' }],
    ['Meet Ana at 5', { title: 'Meet Ana at 5' }],
    ['Book flight QF25pm', { title: 'Book flight QF25pm' }],
    ['Lunch at noonish', { title: 'Lunch at noonish' }],
    ['Lunch noon', { title: 'Lunch noon' }],
    ['Call at 13pm', { title: 'Call at 13pm' }],
    ['Call at 24:00', { title: 'Call at 24:00' }],
    ['Call at 9:75', { title: 'Call at 9:75' }],
    ['Call at 5pm.', { title: 'Call.', plannedFor: TODAY, remindAt: '17:00' }],
    ['Chat 5pm', { title: 'Chat', plannedFor: TODAY, remindAt: '17:00' }],
  ])('%j -> %j', (text, expected, today) => {
    expectReading(text, expected, today);
  });

  it('shows the time as the cards do, with "Today" when the time alone plans the task', () => {
    const chip = (text: string) => readQuickAdd(text, context()).chips.find((c) => c.kind === 'reminder');
    expect(chip('Call mum tomorrow at 9am')).toEqual({
      kind: 'reminder',
      text: 'at 9am',
      label: '9:00',
      start: 18,
      end: 24,
    });
    expect(chip('Call mum at 17:30')?.label).toBe('Today, 17:30');
  });

  it('leaves a time the person took away in the title, with the task unplanned', () => {
    const reading = readQuickAdd('Call mum at 5pm', {
      ...context(),
      dismissed: [{ kind: 'reminder', text: 'at 5pm' }],
    });
    expect(reading).toMatchObject({ title: 'Call mum at 5pm', plannedFor: null, remindAt: null, chips: [] });
  });
});

describe('readQuickAdd: priority', () => {
  it.each<[string, Expected, string?]>([
    // Todoist's words: p1 the highest, p4 none.
    ['File taxes p1', { title: 'File taxes', priority: 3 }],
    ['File taxes P2', { title: 'File taxes', priority: 2 }],
    ['p3 File taxes', { title: 'File taxes', priority: 1 }],
    ['File taxes p4', { title: 'File taxes', priority: 0 }],
    ['File taxes p1 tomorrow', { title: 'File taxes', priority: 3, plannedFor: '2026-11-28' }],
    [
      'Call mum p2 every monday at 9am #Family',
      {
        title: 'Call mum',
        priority: 2,
        plannedFor: '2026-11-30',
        repeat: 'FREQ=WEEKLY;BYDAY=MO',
        remindAt: '09:00',
        goalId: 'g-family',
      },
    ],
    ['اتصل بأمي p1', { title: 'اتصل بأمي', priority: 3 }],
    // Only the first; a second stays.
    ['Ship p1 or p2', { title: 'Ship or p2', priority: 3 }],
    // Not priorities: inside a word or a number, past p4, part of a tag or a path.
    ['Convert mp3 files', { title: 'Convert mp3 files' }],
    ['Read p10 to p12', { title: 'Read p10 to p12' }],
    ['Check p5', { title: 'Check p5' }],
    ['Fix p1x', { title: 'Fix p1x' }],
    ['Page a-p1 and #p2', { title: 'Page a-p1 and #p2' }],
    // A weekday alone keeps its title beside a priority; a priority alone is no title.
    ['Friday p1', { title: 'Friday', priority: 3 }],
    ['p1', { title: '', priority: 3 }],
  ])('%j -> %j', (text, expected, today) => {
    expectReading(text, expected, today);
  });

  it('shows the priority in words and leaves one the person took away in the title', () => {
    const reading = readQuickAdd('Taxes p1', context());
    expect(reading.chips).toEqual([
      { kind: 'priority', text: 'p1', label: 'High priority', start: 6, end: 8 },
    ]);
    expect(readQuickAdd('Taxes p4', context()).chips[0]?.label).toBe('No priority');
    const kept = readQuickAdd('Taxes p1', { ...context(), dismissed: [{ kind: 'priority', text: 'p1' }] });
    expect(kept).toMatchObject({ title: 'Taxes p1', priority: null, chips: [] });
  });
});

describe('readQuickAdd: labels', () => {
  it.each<[string, Expected, string?]>([
    ['Buy milk @errands', { title: 'Buy milk', labels: ['errands'] }],
    ['@errands Buy milk', { title: 'Buy milk', labels: ['errands'] }],
    // Every label in the line, as Todoist reads them, each once as first spelled.
    ['Call Ana @calls @Work-2 @calls', { title: 'Call Ana', labels: ['calls', 'Work-2'] }],
    ['Call Ana @Calls @calls', { title: 'Call Ana', labels: ['Calls'] }],
    ['اشتر الخبز @مشتريات', { title: 'اشتر الخبز', labels: ['مشتريات'] }],
    ['Buy milk @errands, then bread', { title: 'Buy milk, then bread', labels: ['errands'] }],
    ['Buy milk @errands.', { title: 'Buy milk.', labels: ['errands'] }],
    [
      'Call mum @calls tomorrow at 5pm p1 #Family',
      {
        title: 'Call mum',
        labels: ['calls'],
        plannedFor: '2026-11-28',
        remindAt: '17:00',
        priority: 3,
        goalId: 'g-family',
      },
    ],
    // "@" before a word that is a day or a priority makes it a label.
    ['Plan @monday', { title: 'Plan', labels: ['monday'] }],
    ['Ship @p1', { title: 'Ship', labels: ['p1'] }],
    // A letter must follow "@": times stay times, and "@noon" is a time.
    ['Call mum @9:05', { title: 'Call mum', plannedFor: TODAY, remindAt: '09:05' }],
    ['Call mum @5pm', { title: 'Call mum', plannedFor: TODAY, remindAt: '17:00' }],
    ['Lunch @ noon', { title: 'Lunch', plannedFor: TODAY, remindAt: '12:00' }],
    ['Lunch @noon @food', { title: 'Lunch', plannedFor: TODAY, remindAt: '12:00', labels: ['food'] }],
    // Not labels: no word start, a word going on past what a label holds, too long, "@" alone.
    ['Email me@x.com', { title: 'Email me@x.com' }],
    ['Write @x.com', { title: 'Write @x.com' }],
    ["Ask @mum's friend", { title: "Ask @mum's friend" }],
    ['Reply to @ana@work', { title: 'Reply to @ana@work' }],
    ['Sort (@home) and @ later', { title: 'Sort (@home) and @ later' }],
    ['Pay @_bills', { title: 'Pay @_bills' }],
    [`Pay @${'a'.repeat(31)}`, { title: `Pay @${'a'.repeat(31)}` }],
    [`Pay @${'a'.repeat(30)}`, { title: 'Pay', labels: ['a'.repeat(30)] }],
    // A label alone is no title.
    ['@errands', { title: '', labels: ['errands'] }],
  ])('%j -> %j', (text, expected, today) => {
    expectReading(text, expected, today);
  });

  it('reads at most a task’s ten labels; later new ones stay in the title', () => {
    const words = Array.from({ length: 12 }, (_, i) => `@l${String.fromCharCode(97 + i)}`);
    const reading = readQuickAdd(`Sort ${words.join(' ')} @la`, context());
    expect(reading.labels).toEqual(words.slice(0, 10).map((w) => w.slice(1)));
    expect(reading.title).toBe('Sort @lk @ll');
  });

  it('shows each label as a chip and leaves one the person took away in the title', () => {
    expect(readQuickAdd('Buy milk @errands @shop', context()).chips).toEqual([
      { kind: 'label', text: '@errands', label: 'errands', start: 9, end: 17 },
      { kind: 'label', text: '@shop', label: 'shop', start: 18, end: 23 },
    ]);
    const kept = readQuickAdd('Buy milk @errands @shop', {
      ...context(),
      dismissed: [{ kind: 'label', text: '@Errands' }],
    });
    expect(kept).toMatchObject({ title: 'Buy milk @errands', labels: ['shop'] });
    // A time kept in the title is not read as a label instead.
    const time = readQuickAdd('Lunch @noon', {
      ...context(),
      dismissed: [{ kind: 'reminder', text: '@noon' }],
    });
    expect(time).toMatchObject({ title: 'Lunch @noon', labels: [], remindAt: null });
  });
});

describe('readQuickAdd: empty titles', () => {
  it.each<[string, Expected, string?]>([
    // Nothing but a plan: the title is empty and the caller says so.
    ['tomorrow', { title: '', plannedFor: '2026-11-28' }],
    ['every day', { title: '', repeat: 'FREQ=DAILY', plannedFor: TODAY }],
    ['#Family', { title: '', goalId: 'g-family' }],
    ['on friday', { title: '', plannedFor: TODAY }],
    ['next week #Family', { title: '', plannedFor: '2026-11-30', goalId: 'g-family' }],
    ['5pm', { title: '', plannedFor: TODAY, remindAt: '17:00' }],
    ['Friday 5pm', { title: '', plannedFor: TODAY, remindAt: '17:00' }],
    // A line that is only a weekday or a date is a title that looks like one.
    ['Friday', { title: 'Friday' }],
    ['Dec 24', { title: 'Dec 24' }],
    ['March 3', { title: 'March 3' }],
    ['Sunday #Family', { title: 'Sunday', goalId: 'g-family' }],
    ['', { title: '' }],
    ['   ', { title: '' }],
  ])('%j -> %j', (text, expected) => {
    expectReading(text, expected);
  });
});

describe('readQuickAdd: chips', () => {
  it('names each thing read, in the order typed, with its words and what it shows', () => {
    const text = 'Call mum tomorrow #Family';
    expect(readQuickAdd(text, context()).chips).toEqual([
      { kind: 'day', text: 'tomorrow', label: 'Tomorrow', start: 9, end: 17 },
      { kind: 'goal', text: '#Family', label: 'Family', start: 18, end: 25 },
    ]);
  });

  it.each([
    ['Gym every mon, wed and fri', 'repeat', 'every mon, wed and fri', 'Every Mon, Wed, Fri'],
    ['Pay every month on the 1st', 'repeat', 'every month on the 1st', 'Monthly on the 1st'],
    ['Pills every day until dec 24', 'repeat', 'every day until dec 24', 'Every day · until 24 Dec'],
    ['Meet on thursday', 'day', 'on thursday', 'Thu 3'],
    ['Buy gifts due by dec 24', 'day', 'due by dec 24', '24 Dec'],
    ['Pay taxes dec 24 2025', 'day', 'dec 24 2025', 'Overdue · 24 Dec'],
    ['Meet in 2 weeks', 'day', 'in 2 weeks', '11 Dec'],
    ['Verbs #learn spanish', 'goal', '#learn spanish', 'Learn Spanish'],
  ])('%j: %s chip %j shows %j', (text, kind, words, label) => {
    expect(readQuickAdd(text, context()).chips).toContainEqual(
      expect.objectContaining({ kind, text: words, label }),
    );
  });

  it('says where a repeat starts on the day chip', () => {
    const labels = (text: string) => readQuickAdd(text, context()).chips.map((chip) => chip.label);
    expect(labels('Gym every monday from tomorrow')).toEqual(['Every Monday', 'From tomorrow']);
    expect(labels('Gym every monday starting dec 1')).toEqual(['Every Monday', 'From Tue 1']);
    expect(labels('Gym every monday from dec 24 2025')).toEqual(['Every Monday', 'From 24 Dec']);
  });

  it('leaves the words of a chip the person took away in the title, and reads nothing else from them', () => {
    const read = (text: string, dismissed: QuickAddContext['dismissed']) =>
      readQuickAdd(text, { ...context(), dismissed });
    expect(read('Watch Sunday Times', [{ kind: 'day', text: 'Sunday' }])).toMatchObject({
      title: 'Watch Sunday Times',
      plannedFor: null,
      chips: [],
    });
    // The repeat's "monday" does not come back as a day.
    expect(read('Blog post: gym every monday', [{ kind: 'repeat', text: 'every monday' }])).toMatchObject({
      title: 'Blog post: gym every monday',
      plannedFor: null,
      repeat: null,
    });
    expect(read('Call #Family tomorrow', [{ kind: 'goal', text: '#family' }])).toMatchObject({
      title: 'Call #Family',
      goalId: null,
      plannedFor: '2026-11-28',
    });
    // Words not taken away are still read: the next day in the line.
    expect(read('Call tomorrow or sunday', [{ kind: 'day', text: 'tomorrow' }])).toMatchObject({
      title: 'Call tomorrow or',
      plannedFor: '2026-11-29',
    });
    expect(
      read('Call tomorrow or sunday', [
        { kind: 'day', text: 'Tomorrow' },
        { kind: 'day', text: 'sunday' },
      ]),
    ).toMatchObject({ title: 'Call tomorrow or sunday', plannedFor: null });
  });
});
