/**
 * A Todoist project, as Todoist exports it to CSV, turned into a Stride export file that the account
 * import brings in unchanged (docs/product.md#your-data, docs/decisions/050-import-from-todoist.md).
 * One goal per file; its top-level tasks become tasks, their sub-tasks checklist items; notes, sub-tasks'
 * words and a deadline join the task's description; the DATE column is read by quick add's own reader.
 * Todoist keeps a task's labels in its CONTENT as "@name" words (its CSV help says to type them there):
 * those that are Stride labels move from the title to the task's labels.
 *
 * Ids are made from the file's name, the row's place and its words, so importing the same file again
 * finds every item already there and adds nothing (the import matches by id). Quick add's reader
 * (chrono-node, rrule) and the CSV reader are large: the client loads this module when files are chosen.
 */
import Papa from 'papaparse';
import { type AccountImportFile, EXPORT_FORMAT, EXPORT_VERSION } from '../api/account-data';
import { CHECKLIST_MAX } from '../api/checklist';
import { DESCRIPTION_MAX, TITLE_MAX } from '../api/common';
import { addYears, type Day, EARLIEST_PLANNED_DAY, isDay, PLAN_YEARS_AHEAD } from './days';
import { GOAL_COLORS } from './palette';
import { PRIORITY_OF_TODOIST, type Priority } from './priority';
import { labelsInText } from './quick-add-labels';
import { readQuickAdd } from './quick-add-words';
import { localClockAt } from './reminder-times';

export type TodoistCsvFile = { name: string; text: string };

/** What the dates are read from: the person's day and time zone. */
export type TodoistContext = { today: Day; timeZone: string };

export type TodoistCounts = {
  projects: number;
  tasks: number;
  checklistItems: number;
  /** Tasks whose DATE no reader understood: they come without a day. */
  unreadableDates: number;
  /** Sub-tasks that had a date: a checklist item has none. */
  subtaskDates: number;
  /** Section rows: Stride's goals have no sections, their tasks come in the file's order. */
  sections: number;
  /** Task rows without words: a title is required. */
  untitled: number;
};

export type TodoistConversion =
  | { ok: true; file: AccountImportFile; counts: TodoistCounts }
  | { ok: false; fileName: string; message: string };

type ImportTask = NonNullable<AccountImportFile['tasks']>[number];
type ImportGoal = NonNullable<AccountImportFile['goals']>[number];

// ---------------------------------------------------------------------------------------------------
// Reading the file

/** The columns this import reads; Todoist's files add others (AUTHOR, DURATION, IS_COLLAPSED...). */
type Column = 'TYPE' | 'CONTENT' | 'DESCRIPTION' | 'PRIORITY' | 'INDENT' | 'DATE' | 'DEADLINE';
const COLUMNS: readonly Column[] = [
  'TYPE',
  'CONTENT',
  'DESCRIPTION',
  'PRIORITY',
  'INDENT',
  'DATE',
  'DEADLINE',
];

type Row = { number: number; cells: string[]; get: (column: Column) => string };

const notTodoist = (name: string) =>
  `“${name}” is not a Todoist export: its first line should begin TYPE,CONTENT. In Todoist, choose “Export as a template” in the project’s menu, then “Export as CSV file”, and pick the file it saves.`;

/** The file's rows after its header, or why it is not a Todoist file. */
function readRows(file: TodoistCsvFile): { ok: true; rows: Row[] } | { ok: false; message: string } {
  // A byte order mark (Excel saves one) would stick to the first column's name.
  const text = file.text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  // A quote left open swallows the rest of the file into one cell; a stray quote inside a cell is read
  // as it stands, as a spreadsheet would.
  const quotes = parsed.errors.find((error) => error.code === 'MissingQuotes');
  if (quotes) {
    const line = quotes.row === undefined ? '' : ` (row ${quotes.row + 1})`;
    return {
      ok: false,
      message: `“${file.name}” could not be read: a quoted cell is never closed${line}. Export it from Todoist again.`,
    };
  }
  const [header, ...rest] = parsed.data;
  const names = (header ?? []).map((name) => name.trim().toUpperCase());
  if (names[0] !== 'TYPE' || !names.includes('CONTENT')) return { ok: false, message: notTodoist(file.name) };
  const at = new Map(COLUMNS.map((column) => [column, names.indexOf(column)]));
  return {
    ok: true,
    rows: rest.map((cells, index) => ({
      number: index + 2,
      cells,
      get: (column) => {
        const i = at.get(column) ?? -1;
        return i === -1 ? '' : (cells[i] ?? '').trim();
      },
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Text within the import's rules (docs/product.md#input-limits)

// biome-ignore lint/suspicious/noControlCharactersInRegex: a title has no control characters or lines.
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a description keeps tabs and lines only.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /\p{Cs}/gu;

/** `text` cut to `max` characters with "…" at the end when longer, never inside a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** One line, trimmed, at most a title's length; "" when nothing is left. */
export function todoistTitle(text: string): string {
  const line = text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL_IN_LINE, ' ').trim();
  return cut(line, TITLE_MAX);
}

function description(parts: readonly string[]): string | null {
  const text = parts
    .map((part) => part.replace(/\r\n?/g, '\n').trim())
    .filter(Boolean)
    .join('\n\n')
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(CONTROL_IN_TEXT, '');
  return text === '' ? null : cut(text, DESCRIPTION_MAX);
}

/**
 * The goal's title: the file's name without ".csv", and without the project's id Todoist's backup
 * adds to each file's name ("Home [2203306141].csv").
 */
export function todoistProjectTitle(fileName: string): string {
  const base = fileName
    .replace(/\.csv$/i, '')
    .replace(/\s*\[[^\]]*\]\s*$/, '')
    .trim();
  return todoistTitle(base) || 'Todoist';
}

// ---------------------------------------------------------------------------------------------------
// Dates

type DateRead = { plannedFor: Day; repeat: string | null; remindAt: string | null };

const ISO =
  /^(\d{4}-\d{2}-\d{2})(?:(?:T|\s+(?:at\s+)?)(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** "2026-10-05", "2026-10-05 15:30", "2026-10-05T13:30:00Z": the time a reminder, as quick add's is. */
function readIsoDate(text: string, context: TodoistContext): DateRead | null {
  const match = ISO.exec(text);
  if (!match) return null;
  const [, day = '', hours, minutes, offset] = match;
  if (hours === undefined || minutes === undefined) return { plannedFor: day, repeat: null, remindAt: null };
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  if (offset === undefined) return { plannedFor: day, repeat: null, remindAt: `${hours}:${minutes}` };
  // "+0530" as "+05:30": JavaScript's dates read the offset only with its colon.
  const zone = /^[+-]\d{4}$/.test(offset) ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset.toUpperCase();
  const instant = new Date(`${day}T${hours}:${minutes}:00${zone}`);
  if (Number.isNaN(instant.getTime())) return null;
  const clock = localClockAt(instant, context.timeZone);
  return { plannedFor: clock.date, repeat: null, remindAt: clock.time };
}

/**
 * Todoist's DATE as quick add reads a line: "every monday at 9am", "tomorrow", "Oct 5 2026". A line
 * that is only a date ("Oct 5 2026") is a title to quick add, so it is read again after "on". Anything
 * quick add leaves unread makes the whole date unreadable: a half-read repeat would be a wrong one.
 */
export function readTodoistDate(text: string, context: TodoistContext): DateRead | null {
  const words = text.trim();
  if (words === '') return null;
  const iso = readIsoDate(words, context);
  const latest = addYears(context.today, PLAN_YEARS_AHEAD);
  if (iso)
    return isDay(iso.plannedFor) && iso.plannedFor >= EARLIEST_PLANNED_DAY && iso.plannedFor <= latest
      ? iso
      : null;
  for (const line of [words, `on ${words}`]) {
    const reading = readQuickAdd(line, { today: context.today, goals: [] });
    if (reading.title === '' && reading.plannedFor !== null) {
      return { plannedFor: reading.plannedFor, repeat: reading.repeat, remindAt: reading.remindAt };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Ids

/**
 * A UUID (version 8, RFC 9562: made by the application) from the SHA-256 of `parts`: the same parts
 * give the same id on every device, so a second import of a file finds what the first brought.
 */
export async function todoistId(...parts: string[]): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(['todoist', ...parts].join('\u0000')),
  );
  const bytes = new Uint8Array(digest).slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------------
// Mapping

const emptyCounts = (): TodoistCounts => ({
  projects: 0,
  tasks: 0,
  checklistItems: 0,
  unreadableDates: 0,
  subtaskDates: 0,
  sections: 0,
  untitled: 0,
});

/** A task being built: its description's parts gather as the rows under it are read. */
type Building = { task: ImportTask; parts: string[] };

function priorityOf(cell: string): Priority {
  // Todoist writes 4 (p4) for none; an empty cell, in a file made by hand, is taken as none too.
  return PRIORITY_OF_TODOIST[cell] ?? 0;
}

function indentOf(cell: string): number {
  const n = Number.parseInt(cell, 10);
  return Number.isFinite(n) && n > 1 ? n : 1;
}

/** One file's goal and tasks; `index` picks the goal's colour and place. */
async function mapFile(
  file: TodoistCsvFile,
  rows: readonly Row[],
  index: number,
  context: TodoistContext,
  counts: TodoistCounts,
): Promise<{ goal: ImportGoal; tasks: ImportTask[] }> {
  const title = todoistProjectTitle(file.name);
  const goalId = await todoistId('goal', title.toLowerCase());
  const goalParts: string[] = [];
  const built: Building[] = [];
  // The top-level task the rows below belong to; a section ends it.
  let parent: Building | null = null;
  // Where a note goes: the description of the task above, named by the sub-task it is about.
  let noteTo: { parts: string[]; about: string } | null = null;
  const rowId = (row: Row) => todoistId('row', file.name, String(row.number), JSON.stringify(row.cells));

  const newTask = async (row: Row, name: string, priority: Priority): Promise<Building> => {
    // A title of labels alone keeps its words as written: a task needs a title.
    const { rest, labels } = labelsInText(row.get('CONTENT'));
    const building: Building = {
      task: {
        id: await rowId(row),
        title: todoistTitle(rest) || name,
        goalId,
        priority,
        checklist: [],
        labels,
        completed: false,
        isToday: false,
        todaySortOrder: 0,
        sortOrder: 0,
      },
      parts: [row.get('DESCRIPTION')],
    };
    built.push(building);
    return building;
  };

  for (const row of rows) {
    const type = row.get('TYPE').toLowerCase();
    if (type === 'section') {
      counts.sections += 1;
      parent = null;
      noteTo = null;
    } else if (type === 'note') {
      const content = row.get('CONTENT');
      if (content) (noteTo ? noteTo.parts : goalParts).push(noteTo ? `${noteTo.about}${content}` : content);
    } else if (type === 'task') {
      const name = todoistTitle(row.get('CONTENT'));
      const deadline = row.get('DEADLINE');
      if (name === '') {
        counts.untitled += 1;
        continue;
      }
      if (indentOf(row.get('INDENT')) > 1 && parent) {
        if (parent.task.checklist && parent.task.checklist.length < CHECKLIST_MAX) {
          parent.task.checklist.push({ id: await rowId(row), title: name });
          // Its words are kept on the task: a checklist item has a title only.
          const words = [row.get('DESCRIPTION'), deadline && `Deadline: ${deadline}`]
            .filter(Boolean)
            .join('\n');
          if (words) parent.parts.push(`${name}: ${words}`);
          if (row.get('DATE')) counts.subtaskDates += 1;
          noteTo = { parts: parent.parts, about: `${name}: ` };
          continue;
        }
        // A checklist is full at 100 items: the next sub-tasks come as tasks of their own, after it.
      }
      const building = await newTask(row, name, priorityOf(row.get('PRIORITY')));
      if (deadline) building.parts.push(`Deadline: ${deadline}`);
      const date = row.get('DATE');
      if (date) {
        const read = readTodoistDate(date, context);
        if (read) Object.assign(building.task, read);
        else counts.unreadableDates += 1;
      }
      if (indentOf(row.get('INDENT')) === 1 || !parent) parent = building;
      noteTo = { parts: building.parts, about: '' };
    }
    // Anything else: Todoist's "meta" row (the view style), the empty rows between tasks.
  }

  const tasks = built.map(({ task, parts }) => ({ ...task, description: description(parts) }));
  return {
    goal: {
      id: goalId,
      title,
      description: description(goalParts),
      color: GOAL_COLORS[index % GOAL_COLORS.length] ?? 'blue',
      isHabitGoal: false,
      archived: false,
      sortOrder: index,
    },
    tasks,
  };
}

/**
 * Todoist CSV files as one Stride export file, or the first file that is not one. The file has no day
 * settings, so the import leaves the person's as they are.
 */
export async function convertTodoistFiles(
  files: readonly TodoistCsvFile[],
  context: TodoistContext,
): Promise<TodoistConversion> {
  const counts = emptyCounts();
  const goals = new Map<string, ImportGoal>();
  const tasks = new Map<string, ImportTask>();
  for (const [index, file] of files.entries()) {
    const read = readRows(file);
    if (!read.ok) return { ok: false, fileName: file.name, message: read.message };
    const mapped = await mapFile(file, read.rows, index, context, counts);
    // Two files of one name are one project: one goal.
    if (!goals.has(mapped.goal.id)) goals.set(mapped.goal.id, { ...mapped.goal, sortOrder: goals.size });
    for (const task of mapped.tasks) {
      if (!tasks.has(task.id)) tasks.set(task.id, { ...task, sortOrder: tasks.size });
    }
  }
  counts.projects = goals.size;
  counts.tasks = tasks.size;
  for (const task of tasks.values()) counts.checklistItems += task.checklist?.length ?? 0;
  return {
    ok: true,
    file: {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      goals: [...goals.values()],
      tasks: [...tasks.values()],
    },
    counts,
  };
}
