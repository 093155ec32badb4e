import { describe, expect, it } from 'vitest';
import { AccountImportSchema, EXPORT_VERSION } from '../api/account-data';
import { LABELS_MAX } from './labels';
import {
  convertTodoistFiles,
  readTodoistDate,
  type TodoistContext,
  type TodoistConversion,
  todoistId,
  todoistProjectTitle,
} from './todoist-import';

// Sunday 29 November 2026 in Paris, unless a test says otherwise.
const CONTEXT: TodoistContext = { today: '2026-11-29', timeZone: 'Europe/Paris' };

// The header Todoist writes since 2025 (IS_COLLAPSED, DURATION, DEADLINE), and the older one.
const HEADER =
  'TYPE,CONTENT,DESCRIPTION,IS_COLLAPSED,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG';
const OLD_HEADER = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE';

type Cells = {
  type?: string;
  content?: string;
  description?: string;
  priority?: string;
  indent?: string;
  date?: string;
  deadline?: string;
};
/** A row of the new header's 15 columns, each cell quoted as Todoist quotes one that needs it. */
function row(cells: Cells): string {
  const quote = (cell = '') => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [
    cells.type ?? 'task',
    cells.content,
    cells.description,
    '',
    cells.priority ?? '4',
    cells.indent ?? '1',
    'Ana (48151623)',
    '',
    cells.date,
    cells.date ? 'en' : '',
    'Europe/Paris',
    '',
    '',
    cells.deadline,
    cells.deadline ? 'en' : '',
  ]
    .map(quote)
    .join(',');
}
const BLANK = ',,,,,,,,,,,,,,';
const csv = (...rows: string[]) => [HEADER, 'meta,view_style=list,,,,,,,,,,,,,', BLANK, ...rows].join('\r\n');

async function convert(text: string, name = 'Home.csv', context = CONTEXT) {
  return ok(await convertTodoistFiles([{ name, text }], context));
}

function ok(conversion: TodoistConversion) {
  if (!conversion.ok) throw new Error(conversion.message);
  // Whatever comes out passes the import's own rules: a refusal there refuses the whole file.
  expect(AccountImportSchema.safeParse(conversion.file).error).toBeUndefined();
  return { ...conversion, tasks: conversion.file.tasks ?? [], goals: conversion.file.goals ?? [] };
}

describe('convertTodoistFiles', () => {
  it('makes one goal of the file, named after it, and a task of each top-level task in file order', async () => {
    const { goals, tasks, counts, file } = await convert(
      csv(row({ content: 'Repot the basil @garden' }), BLANK, row({ content: 'Call the plumber' }), BLANK),
    );
    expect(goals).toEqual([
      expect.objectContaining({
        title: 'Home',
        color: 'blue',
        isHabitGoal: false,
        archived: false,
        sortOrder: 0,
      }),
    ]);
    expect(tasks.map((task) => [task.title, task.goalId, task.sortOrder])).toEqual([
      ['Repot the basil', goals[0]?.id, 0],
      ['Call the plumber', goals[0]?.id, 1],
    ]);
    expect(tasks[0]).toMatchObject({
      completed: false,
      isToday: false,
      checklist: [],
      description: null,
      labels: ['garden'],
    });
    expect(counts).toMatchObject({ projects: 1, tasks: 2, checklistItems: 0 });
    // No day settings: the import keeps the person's own.
    expect(file).not.toHaveProperty('settings');
    expect(file).toMatchObject({ format: 'stride-export', version: EXPORT_VERSION });
  });

  it.each([
    ['Clean the @Kitchen floor', 'Clean the floor', ['Kitchen']],
    ['@home Clean @errands', 'Clean', ['home', 'errands']],
    ['Call @calls @Calls @CALLS', 'Call', ['calls']],
    ['Tea at the @café', 'Tea at the', ['café']],
    ['Decomposed @cafe\u0301', 'Decomposed', ['café']],
    ['Ask @two-words_2 now', 'Ask now', ['two-words_2']],
    // Not labels by Stride's rules: left in the title as written.
    ['Mail me@x.com at @9:05', 'Mail me@x.com at @9:05', []],
    ['Ping @ and @@x', 'Ping @ and @@x', []],
    // A mark after a label ends it, and the title is tidied as quick add tidies it.
    ['Plan @trip, then @rest.', 'Plan, then.', ['trip', 'rest']],
    [`Long @${'a'.repeat(31)}`, `Long @${'a'.repeat(31)}`, []],
    // A task needs words: labels alone stay its title too.
    ['@errands', '@errands', ['errands']],
  ])('reads the "@name" words of %j into its labels: %j %j', async (content, title, labels) => {
    const { tasks } = await convert(csv(row({ content })));
    expect(tasks[0]).toMatchObject({ title, labels });
  });

  it(`keeps at most ${LABELS_MAX} labels, the rest in the title; a sub-task keeps its "@" words`, async () => {
    const many = Array.from({ length: LABELS_MAX + 2 }, (_, n) => `@l${n}`).join(' ');
    const { tasks } = await convert(
      csv(row({ content: `Sort ${many}` }), row({ content: 'Trowel @garden', indent: '2' })),
    );
    expect(tasks[0]?.labels).toEqual(Array.from({ length: LABELS_MAX }, (_, n) => `l${n}`));
    expect(tasks[0]?.title).toBe(`Sort @l${LABELS_MAX} @l${LABELS_MAX + 1}`);
    expect(tasks[0]?.checklist).toEqual([expect.objectContaining({ title: 'Trowel @garden' })]);
  });

  it('reads the older header without IS_COLLAPSED, DURATION or DEADLINE, by column name', async () => {
    const text = [OLD_HEADER, 'task,Buy milk,From the shop,1,1,Ana (1),,tomorrow,en,Europe/Paris'].join('\n');
    const { tasks } = await convert(text);
    expect(tasks).toEqual([
      expect.objectContaining({
        title: 'Buy milk',
        description: 'From the shop',
        priority: 3,
        plannedFor: '2026-11-30',
      }),
    ]);
  });

  it.each([
    ['1', 3],
    ['2', 2],
    ['3', 1],
    ['4', 0],
    ['', 0],
    ['7', 0],
  ])(
    "turns Todoist's PRIORITY %j (1 is p1, the most urgent) into Stride's %i",
    async (priority, expected) => {
      const { tasks } = await convert(csv(row({ content: 'Task', priority })));
      expect(tasks[0]?.priority).toBe(expected);
    },
  );

  it('makes sub-tasks, at any depth, items of the checklist of the top-level task above them', async () => {
    const { tasks, counts } = await convert(
      csv(
        row({ content: 'Pack the bag' }),
        row({ content: 'Passport', indent: '2' }),
        row({ content: 'Charger', indent: '3', description: 'The long cable' }),
        row({ content: 'Tickets', indent: '2', date: 'tomorrow', priority: '1' }),
        row({ content: 'Water the plants' }),
      ),
    );
    expect(tasks.map((task) => task.title)).toEqual(['Pack the bag', 'Water the plants']);
    expect(tasks[0]?.checklist?.map((item) => item.title)).toEqual(['Passport', 'Charger', 'Tickets']);
    // A checklist item is a title: a sub-task's words join its task's description, its date is counted.
    expect(tasks[0]?.description).toBe('Charger: The long cable');
    expect(tasks[0]?.plannedFor).toBeUndefined();
    expect(counts).toMatchObject({ tasks: 2, checklistItems: 3, subtaskDates: 1 });
  });

  it('makes a sub-task with no task above it (first row, or after a section) a task', async () => {
    const { tasks } = await convert(
      csv(
        row({ content: 'Orphan', indent: '2' }),
        row({ content: 'Under the orphan', indent: '3' }),
        row({ type: 'section', content: 'Later', priority: '' }),
        row({ content: 'After the section', indent: '2' }),
      ),
    );
    expect(tasks.map((task) => [task.title, task.checklist?.map((item) => item.title)])).toEqual([
      ['Orphan', ['Under the orphan']],
      ['After the section', []],
    ]);
  });

  it('keeps a checklist to 100 items: the sub-tasks after them come as tasks of their own', async () => {
    const subtasks = Array.from({ length: 102 }, (_, n) => row({ content: `Step ${n + 1}`, indent: '2' }));
    const note = row({ type: 'note', content: 'The last step', priority: '' });
    const { tasks, counts } = await convert(csv(row({ content: 'Long routine' }), ...subtasks, note));
    expect(tasks[0]?.checklist).toHaveLength(100);
    expect(tasks.slice(1).map((task) => task.title)).toEqual(['Step 101', 'Step 102']);
    expect(tasks.map((task) => task.description)).toEqual([null, null, 'The last step']);
    expect(counts).toMatchObject({ tasks: 3, checklistItems: 100 });
  });

  it("adds notes to their task's description, and notes before any task to the goal's", async () => {
    const { goals, tasks } = await convert(
      csv(
        row({ type: 'note', content: 'About the whole project', priority: '' }),
        row({ content: 'Fix the tap', description: 'Washer is worn' }),
        row({ type: 'note', content: 'Hardware shop on Main St', priority: '' }),
        row({ content: 'Buy a washer', indent: '2' }),
        row({ type: 'note', content: 'Get two', priority: '' }),
      ),
    );
    expect(goals[0]?.description).toBe('About the whole project');
    // A note on a sub-task names it: the sub-task is a checklist item, its words live on its task.
    expect(tasks[0]?.description).toBe('Washer is worn\n\nHardware shop on Main St\n\nBuy a washer: Get two');
  });

  it("drops sections, counted, and keeps their tasks in the file's order", async () => {
    const { tasks, counts } = await convert(
      csv(
        row({ type: 'section', content: 'Kitchen', priority: '' }),
        row({ content: 'Fix the tap' }),
        row({ type: 'section', content: 'Garden', priority: '' }),
        row({ content: 'Mow' }),
      ),
    );
    expect(tasks.map((task) => task.title)).toEqual(['Fix the tap', 'Mow']);
    expect(counts.sections).toBe(2);
  });

  it("keeps a deadline in the task's description", async () => {
    const { tasks } = await convert(csv(row({ content: 'Taxes', deadline: '2027-04-15' })));
    expect(tasks[0]?.description).toBe('Deadline: 2027-04-15');
  });

  it('leaves out task rows without words, counted', async () => {
    const { tasks, counts } = await convert(csv(row({ content: '   ' }), row({ content: 'Real' })));
    expect(tasks.map((task) => task.title)).toEqual(['Real']);
    expect(counts.untitled).toBe(1);
  });

  it('plans tasks by their DATE in words, with repeats and times, from the person’s day', async () => {
    const { tasks, counts } = await convert(
      csv(
        row({ content: 'Water the ferns', date: 'every monday at 9am' }),
        row({ content: 'Check the seed tray', date: 'every day' }),
        row({ content: 'Dentist', date: 'Oct 5 2027' }),
        row({ content: 'Call mum', date: 'tomorrow at 5pm' }),
        row({ content: 'Fenster ölen', date: 'jährlich' }),
        row({ content: 'No date' }),
      ),
    );
    const plan = tasks.map((task) => [task.title, task.plannedFor, task.repeat, task.remindAt]);
    expect(plan).toEqual([
      ['Water the ferns', '2026-11-30', 'FREQ=WEEKLY;BYDAY=MO', '09:00'],
      ['Check the seed tray', '2026-11-29', 'FREQ=DAILY', null],
      ['Dentist', '2027-10-05', null, null],
      ['Call mum', '2026-11-30', null, '17:00'],
      ['Fenster ölen', undefined, undefined, undefined],
      ['No date', undefined, undefined, undefined],
    ]);
    expect(counts.unreadableDates).toBe(1);
  });

  it('reads the CSV by its quoting rules: commas, quotes and line breaks inside a cell', async () => {
    const text = [
      OLD_HEADER,
      'task,"Buy milk, eggs and ""good"" bread","First line',
      'second line, with a comma",4,1,,,,,',
      'task,"Two',
      'lines",,4,1,,,,,',
    ].join('\r\n');
    const { tasks } = await convert(text);
    expect(tasks.map((task) => [task.title, task.description])).toEqual([
      ['Buy milk, eggs and "good" bread', 'First line\nsecond line, with a comma'],
      ['Two lines', null],
    ]);
  });

  it('reads a stray quote inside an unquoted cell as it stands, as a spreadsheet does', async () => {
    const { tasks } = await convert([OLD_HEADER, 'task,The 12" pizza,Say "thin",4,1,,,,,'].join('\n'));
    expect(tasks.map((task) => [task.title, task.description])).toEqual([['The 12" pizza', 'Say "thin"']]);
  });

  it('reads a file that begins with a UTF-8 byte order mark', async () => {
    const { tasks } = await convert(`\uFEFF${csv(row({ content: 'Ménage' }))}`);
    expect(tasks.map((task) => task.title)).toEqual(['Ménage']);
  });

  it('cuts a title to 200 characters and a description to 2,000, each ending with "…"', async () => {
    const { tasks } = await convert(csv(row({ content: 'a'.repeat(250), description: 'b'.repeat(2500) })));
    expect(tasks[0]?.title).toBe(`${'a'.repeat(199)}…`);
    expect(tasks[0]?.description).toBe(`${'b'.repeat(1999)}…`);
  });

  it('never cuts a title inside a character made of two UTF-16 units', async () => {
    const { tasks } = await convert(csv(row({ content: `${'a'.repeat(198)}😀😀😀` })));
    expect(tasks[0]?.title).toBe(`${'a'.repeat(198)}…`);
  });

  it('gives the same ids to the same file every time, and new ids to changed rows', async () => {
    const text = csv(
      row({ content: 'Pack' }),
      row({ content: 'Passport', indent: '2' }),
      row({ content: 'Go' }),
    );
    const first = await convert(text);
    const again = await convert(text);
    expect(again.file).toEqual(first.file);
    const changed = await convert(
      csv(row({ content: 'Pack' }), row({ content: 'Passport', indent: '2' }), row({ content: 'Go now' })),
    );
    expect(changed.tasks.map((task) => task.id)).toEqual([first.tasks[0]?.id, expect.any(String)]);
    expect(changed.tasks[1]?.id).not.toBe(first.tasks[1]?.id);
    const ids = [
      ...first.tasks.map((task) => task.id),
      first.tasks[0]?.checklist?.[0]?.id,
      first.goals[0]?.id,
    ];
    expect(new Set(ids).size).toBe(4);
  });

  it('makes a goal of each file, coloured from the palette in turn; one name is one goal', async () => {
    const conversion = ok(
      await convertTodoistFiles(
        [
          { name: 'Work [2203306141].csv', text: csv(row({ content: 'Report' })) },
          { name: 'Home.CSV', text: csv(row({ content: 'Mow' })) },
          { name: 'Work.csv', text: csv(row({ content: 'Email' })) },
        ],
        CONTEXT,
      ),
    );
    expect(conversion.goals.map((goal) => [goal.title, goal.color, goal.sortOrder])).toEqual([
      ['Work', 'blue', 0],
      ['Home', 'sky', 1],
    ]);
    const [work, home] = conversion.goals;
    expect(conversion.tasks.map((task) => [task.title, task.goalId])).toEqual([
      ['Report', work?.id],
      ['Mow', home?.id],
      ['Email', work?.id],
    ]);
    expect(conversion.counts).toMatchObject({ projects: 2, tasks: 3 });
  });

  it.each([
    ['notes.csv', 'Title,Notes\nBuy milk,soon'],
    ['empty.csv', ''],
    ['semicolons.csv', 'CONTENT,TYPE\nBuy milk,task'],
  ])('refuses %s, which is not a Todoist export, naming it', async (name, text) => {
    const conversion = await convertTodoistFiles(
      [
        { name: 'Home.csv', text: csv(row({ content: 'Fine' })) },
        { name, text },
      ],
      CONTEXT,
    );
    expect(conversion).toEqual({ ok: false, fileName: name, message: expect.stringContaining(`“${name}”`) });
    expect(conversion.ok || conversion.message).toContain('is not a Todoist export');
  });

  it('refuses a file whose quoted cell never closes', async () => {
    const conversion = await convertTodoistFiles(
      [{ name: 'Broken.csv', text: `${OLD_HEADER}\ntask,"Never closed,,4,1,,,,,` }],
      CONTEXT,
    );
    expect(conversion).toMatchObject({ ok: false, fileName: 'Broken.csv' });
    expect(conversion.ok || conversion.message).toContain('a quoted cell is never closed');
  });
});

describe('readTodoistDate', () => {
  it.each([
    ['2026-12-24', { plannedFor: '2026-12-24', repeat: null, remindAt: null }],
    ['2026-12-24 15:30', { plannedFor: '2026-12-24', repeat: null, remindAt: '15:30' }],
    ['2026-12-24 at 09:05', { plannedFor: '2026-12-24', repeat: null, remindAt: '09:05' }],
    // A moment in UTC is read on the person's clocks: Paris is an hour ahead in winter.
    ['2026-12-24T23:30:00Z', { plannedFor: '2026-12-25', repeat: null, remindAt: '00:30' }],
    ['2026-12-24T10:00:00.000000+05:00', { plannedFor: '2026-12-24', repeat: null, remindAt: '06:00' }],
    ['2026-12-24T10:00:00+0530', { plannedFor: '2026-12-24', repeat: null, remindAt: '05:30' }],
    ['Dec 24', { plannedFor: '2026-12-24', repeat: null, remindAt: null }],
    [
      'every weekday',
      { plannedFor: '2026-11-30', repeat: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', remindAt: null },
    ],
    ['next tuesday at noon', { plannedFor: '2026-12-01', repeat: null, remindAt: '12:00' }],
  ])('reads %j', (text, expected) => {
    expect(readTodoistDate(text, CONTEXT)).toEqual(expected);
  });

  it.each([
    'jährlich',
    'someday maybe',
    'every 3rd workday',
    '2026-02-30',
    '2026-12-24 25:00',
    '1999-12-31',
    '2040-01-01',
    '',
  ])('cannot read %j', (text) => {
    expect(readTodoistDate(text, CONTEXT)).toBeNull();
  });
});

describe('todoistProjectTitle', () => {
  it.each([
    ['Home.csv', 'Home'],
    ['Home [2203306141].csv', 'Home'],
    ['wohnung [6Crg8jQ886Wh4P5g].CSV', 'wohnung'],
    ['Trip [draft] plans.csv', 'Trip [draft] plans'],
    ['.csv', 'Todoist'],
  ])('%j is the goal %j', (name, title) => {
    expect(todoistProjectTitle(name)).toBe(title);
  });
});

describe('todoistId', () => {
  it('is a UUID of version 8 (made by the application), the same for the same words', async () => {
    const id = await todoistId('row', 'Home.csv', '3', '["task","Pack"]');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await todoistId('row', 'Home.csv', '3', '["task","Pack"]')).toBe(id);
    expect(await todoistId('row', 'Home.csv', '4', '["task","Pack"]')).not.toBe(id);
  });
});
