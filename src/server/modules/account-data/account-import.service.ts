import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { AccountImport, AccountImportResult, ImportedTask } from '#shared/api/account-data';
import { MAX_GOALS, MAX_HABITS, MAX_TASKS } from '#shared/api/common';
import { dayAt } from '#shared/domain/days';
import { type Db, engineOf, inTransaction, othersFirst } from '../../db/client';
import { badRequest, quotaReached } from '../../errors';
import type { PersonDay } from '../completions/completions.service';
import { endPosition } from '../positions/positions.service';
import { updateUserSettings } from '../users/users.service';
import {
  addCompletedDays,
  type CompletionRow,
  completedDayPages,
  countOwned,
  deleteImportJournal,
  findExisting,
  findGoalKinds,
  findImportJournals,
  insertCompletedDays,
  insertGoals,
  insertHabits,
  insertImportJournal,
  insertTasks,
  recountCompletedDays,
  refreshHistorySize,
} from './account-data.repo';
import { EMBEDDED_DAYS_PAGE } from './account-export.service';
import { byField, refuseImpossibleDates, refuseRepeatedIds, refuseTooManyDays } from './import-checks';

/**
 * Brings an export file into the person's account (docs/decisions/016-account-data.md): all of it or
 * nothing, under the person's lock. Items are matched by id, so a second import of the same file adds
 * nothing: an item already there is left as it is, and only completed days it does not have yet are
 * added. New items join the end of their lists in the file's order; the file's settings replace the
 * person's. On PostgreSQL it runs in one transaction; on the embedded database it is decided in one
 * short transaction and its completed days are added after it in short statements, finished at the
 * next start if the server stops midway (docs/decisions/037-fair-heavy-work.md).
 */
export function importAccount(db: Db, person: PersonDay, file: AccountImport): Promise<AccountImportResult> {
  refuseTooManyDays(file);
  refuseImpossibleDates(file, person.now);
  refuseRepeatedIds(
    'goal',
    file.goals.map((goal) => goal.id),
  );
  refuseRepeatedIds(
    'task',
    file.tasks.map((task) => task.id),
  );
  refuseRepeatedIds(
    'habit',
    file.habits.map((habit) => habit.id),
  );
  return engineOf(db) === 'pglite'
    ? importInSteps(db, person, file)
    : importInOneTransaction(db, person, file);
}

/** The completed days of a file's items, or of a journal's: an item's id and its days. */
type ItemDays = { id: string; days: readonly string[] };
type FileDays = { habit: ItemDays[]; task: ItemDays[] };

/**
 * What an import decided under the person's lock: its answer but for the completed days, the last day
 * it adds and the file's tasks whose days count.
 */
type ImportDecision = { result: AccountImportResult; today: string; dailyTasks: string[] };

function fileDays(file: AccountImport): FileDays {
  const withDays = (items: ReadonlyArray<{ id: string; completedDays: string[] }>) =>
    items
      .filter((item) => item.completedDays.length > 0)
      .map((item) => ({ id: item.id, days: item.completedDays }));
  return { habit: withDays(file.habits), task: withDays(file.tasks) };
}

/*
 * Completed days follow the rules of a tick (docs/product.md#history): only for habits and tasks in
 * habit goals (or repeating), up to today, in the day settings the account has after the import; a day
 * before the item was made is kept, as a tick may mark one (docs/decisions/031-a-habits-past.md). A
 * day outside them is left out and counted, not refused: an honest export can hold one (a task that
 * left its habit goal keeps its days; a change of zone moves today), and a person cannot mend a file
 * by hand (docs/decisions/016-account-data.md). The year-back limit of an edit does not apply: bringing
 * back years of history is what a restore is for. A day already stored is not added again, so a repeat
 * import writes nothing.
 */
function* eligibleRows(
  items: readonly ItemDays[],
  isDaily: (id: string) => boolean,
  today: string,
  counted: { leftOut: number },
): Generator<CompletionRow> {
  for (const item of items) {
    const daily = isDaily(item.id);
    const have = new Set<string>();
    for (const day of item.days) {
      if (!daily || day > today) counted.leftOut += 1;
      else if (!have.has(day)) {
        have.add(day);
        yield { id: item.id, day };
      }
    }
  }
}

function withDays(result: AccountImportResult, added: number, leftOut: number): AccountImportResult {
  return { ...result, added: { ...result.added, completedDays: added }, leftOut: { completedDays: leftOut } };
}

/** PostgreSQL: everything in one transaction, which others' snapshots and connections go around. */
function importInOneTransaction(
  db: Db,
  person: PersonDay,
  file: AccountImport,
): Promise<AccountImportResult> {
  const { userId } = person;
  return inTransaction(
    db,
    async (tx) => {
      const decision = await decideImport(tx, person, file);
      const days = fileDays(file);
      const daily = new Set(decision.dailyTasks);
      const counted = { leftOut: 0 };
      // Made as each statement's part is taken, not all first (account-data.repo.ts, chunks).
      const habitRows = eligibleRows(days.habit, () => true, decision.today, counted);
      const taskRows = eligibleRows(days.task, (id) => daily.has(id), decision.today, counted);
      const added =
        (await addCompletedDays(tx, userId, 'habit', habitRows)) +
        (await addCompletedDays(tx, userId, 'task', taskRows));
      return withDays(decision.result, added, counted.leftOut);
    },
    { owner: userId },
  );
}

/**
 * The embedded database: the import is decided, its items and settings written and a journal of its
 * completed days recorded in one short transaction under the person's turn; the days are then added a
 * chunk per statement between everyone else's, the counters brought in line, and the journal deleted.
 * A server stopped after the deciding commit finishes the journal at its next start (finishImports),
 * so the import is there whole or not at all. The person's own calls go on meanwhile: a tick or a
 * deletion of an imported item is safe beside it (days go only to items that still exist, each once,
 * and the counters are recounted from the whole history).
 */
async function importInSteps(db: Db, person: PersonDay, file: AccountImport): Promise<AccountImportResult> {
  const { userId } = person;
  const days = fileDays(file);
  // Packed before the transaction: gzip runs off the event loop, and nothing waits on the database.
  const packed = await packDays(days);
  const { decision, journalId } = await inTransaction(
    db,
    async (tx) => {
      const decided = await decideImport(tx, person, file);
      const id = await insertImportJournal(tx, userId, {
        days: packed,
        today: decided.today,
        dailyTasks: JSON.stringify(decided.dailyTasks),
      });
      return { decision: decided, journalId: id };
    },
    { owner: userId },
  );
  const { added, leftOut } = await applyImport(db, userId, journalId, days, decision);
  return withDays(decision.result, added, leftOut);
}

/** Completed days per insert on the embedded database: some 30 ms of its time. */
const EMBEDDED_INSERT_DAYS = 1_000;

/**
 * Adds an import's days a chunk per statement, each once others' statements queued meanwhile are
 * answered (othersFirst; after the first, the history's size is renewed for the planner:
 * refreshHistorySize), recounts the items that got any, then deletes the journal; answers how many days
 * were added and left out.
 */
async function applyImport(
  db: Db,
  userId: string,
  journalId: string,
  days: FileDays,
  decision: Pick<ImportDecision, 'today' | 'dailyTasks'>,
): Promise<{ added: number; leftOut: number }> {
  const daily = new Set(decision.dailyTasks);
  const counted = { leftOut: 0 };
  let added = 0;
  for (const kind of ['habit', 'task'] as const) {
    const isDaily = kind === 'habit' ? () => true : (id: string) => daily.has(id);
    const gotDays = new Map<string, number>();
    let first = true;
    const insert = async (chunk: CompletionRow[]) => {
      await othersFirst(db);
      for (const id of await insertCompletedDays(db, userId, kind, chunk)) {
        gotDays.set(id, (gotDays.get(id) ?? 0) + 1);
        added += 1;
      }
      if (first) {
        first = false;
        await othersFirst(db);
        await refreshHistorySize(db, kind);
      }
    };
    let chunk: CompletionRow[] = [];
    for (const row of eligibleRows(days[kind], isDaily, decision.today, counted)) {
      chunk.push(row);
      if (chunk.length === EMBEDDED_INSERT_DAYS) {
        await insert(chunk);
        chunk = [];
      }
    }
    if (chunk.length > 0) await insert(chunk);
    const items = [...gotDays].map(([id, count]) => ({ id, count }));
    for (const ids of completedDayPages(items, EMBEDDED_DAYS_PAGE)) {
      await othersFirst(db);
      await recountCompletedDays(db, userId, kind, ids);
    }
  }
  await deleteImportJournal(db, userId, journalId);
  return { added, leftOut: counted.leftOut };
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The journal's text of a file's days (db/schema.ts, importJournals.days). */
async function packDays(days: FileDays): Promise<string> {
  const list = (items: readonly ItemDays[]) => items.map((item) => [item.id, item.days.join(',')]);
  const json = JSON.stringify({ habit: list(days.habit), task: list(days.task) });
  return (await gzipAsync(json)).toString('base64');
}

async function unpackDays(packed: string): Promise<FileDays> {
  const json = (await gunzipAsync(Buffer.from(packed, 'base64'))).toString('utf8');
  const lists = JSON.parse(json) as { habit: Array<[string, string]>; task: Array<[string, string]> };
  const items = (list: Array<[string, string]>) => list.map(([id, days]) => ({ id, days: days.split(',') }));
  return { habit: items(lists.habit), task: items(lists.task) };
}

/**
 * Finishes the imports a stopped server left decided and not yet applied whole (main.ts runs it at
 * start, before the server answers): each person's items and settings are there since the deciding
 * commit, and their completed days are added now. Answers how many imports it finished.
 */
export async function finishImports(db: Db): Promise<number> {
  const journals = await findImportJournals(db);
  for (const journal of journals) {
    await applyImport(db, journal.userId, journal.id, await unpackDays(journal.days), {
      today: journal.today,
      dailyTasks: JSON.parse(journal.dailyTasks) as string[],
    });
  }
  return journals.length;
}

/**
 * Everything an import decides, in the transaction `tx` under the person's lock: it refuses what it
 * must (an orphan task, a quota), writes the new goals, tasks and habits at the ends of their lists and
 * the file's settings, and answers the last day the import adds and the tasks whose days count. The
 * days the account already has are not read (a full account's took a second): adding one again adds
 * nothing.
 */
async function decideImport(tx: Db, person: PersonDay, file: AccountImport): Promise<ImportDecision> {
  const { userId } = person;
  const existingGoals = await findExisting(
    tx,
    userId,
    'goals',
    file.goals.map((goal) => goal.id),
  );
  const existingTasks = await findExisting(
    tx,
    userId,
    'tasks',
    file.tasks.map((task) => task.id),
  );
  const existingHabits = await findExisting(
    tx,
    userId,
    'habits',
    file.habits.map((habit) => habit.id),
  );
  const newGoals = file.goals.filter((goal) => !existingGoals.has(goal.id));
  const newTasks = file.tasks.filter((task) => !existingTasks.has(task.id));
  const newHabits = file.habits.filter((habit) => !existingHabits.has(habit.id));

  // An item the account has stays as it is: its goal is the account's, not the file's.
  const goalOf = (task: ImportedTask) => {
    const existing = existingTasks.get(task.id);
    return existing ? existing.goalId : task.goalId;
  };
  // A goal the account has keeps its kind too; the file's counts only for a goal it brings.
  const fileGoals = new Map(file.goals.map((goal) => [goal.id, goal.isHabitGoal]));
  const accountGoals = await findGoalKinds(tx, userId, [
    ...new Set(file.tasks.flatMap((task) => goalOf(task) ?? [])),
  ]);
  // A task belongs to a goal of the file or of the account, never to nowhere.
  const orphan = newTasks.find(
    (task) => task.goalId !== null && !fileGoals.has(task.goalId) && !accountGoals.has(task.goalId),
  );
  if (orphan) {
    throw badRequest(
      `The task "${orphan.title}" belongs to a goal (${orphan.goalId}) that is neither in the file nor in your account`,
    );
  }
  const inHabitGoal = (task: ImportedTask) => {
    const goalId = goalOf(task);
    return goalId !== null && (accountGoals.get(goalId) ?? fileGoals.get(goalId) ?? false);
  };

  const owned = await countOwned(tx, userId);
  const limits = [
    ['goals', owned.goals + newGoals.length, MAX_GOALS],
    ['tasks', owned.tasks + newTasks.length, MAX_TASKS],
    ['habits', owned.habits + newHabits.length, MAX_HABITS],
  ] as const;
  for (const [what, total, max] of limits) {
    if (total > max) {
      throw quotaReached(
        `Importing this file would give you ${total.toLocaleString('en-US')} ${what}; the limit is ${max.toLocaleString('en-US')}. Delete some ${what} or import a smaller file.`,
      );
    }
  }

  const goalBase = await endPosition(tx, userId, { kind: 'goals' });
  await insertGoals(
    tx,
    [...newGoals].sort(byField((goal) => goal.sortOrder)).map((goal, rank) => ({
      userId,
      id: goal.id,
      title: goal.title,
      description: goal.description,
      color: goal.color,
      isHabitGoal: goal.isHabitGoal,
      archived: goal.archived,
      sortOrder: goalBase + rank,
      ...(goal.createdAt ? { createdAt: new Date(goal.createdAt) } : {}),
    })),
  );

  // Each task list (a goal's, or the todos) and Today get the new items after their last one.
  const taskPositions = new Map<string, number>();
  const byList = new Map<string | null, ImportedTask[]>();
  for (const task of newTasks) {
    const list = byList.get(task.goalId);
    if (list) list.push(task);
    else byList.set(task.goalId, [task]);
  }
  for (const [goalId, list] of byList) {
    const base = await endPosition(tx, userId, { kind: 'tasks', goalId });
    list.sort(byField((task) => task.sortOrder)).forEach((task, rank) => {
      taskPositions.set(task.id, base + rank);
    });
  }
  const todayBase = await endPosition(tx, userId, { kind: 'today' });
  // Keyed by kind and id: ids are unique per kind only, so a task and a habit may share one.
  const joiningToday = [
    ...newTasks.filter((task) => task.isToday).map((task) => ({ key: `task:${task.id}`, item: task })),
    ...newHabits.filter((habit) => habit.isToday).map((habit) => ({ key: `habit:${habit.id}`, item: habit })),
  ].sort(byField(({ item }) => item.todaySortOrder));
  const todayPositions = new Map(joiningToday.map(({ key }, rank) => [key, todayBase + rank]));

  const settings = file.settings ?? person;
  const importDay = dayAt(person.now, settings.timeZone, settings.dayStartHour);
  await insertTasks(
    tx,
    newTasks.map((task) => ({
      userId,
      id: task.id,
      goalId: task.goalId,
      title: task.title,
      description: task.description,
      // A rule counts from its first day; a file without one (written by hand) starts it on the
      // planned day, or today, as a create does (docs/product.md#repeats).
      plannedFor: task.plannedFor,
      repeat: task.repeat,
      repeatStart: task.repeat === null ? null : (task.repeatStart ?? task.plannedFor ?? importDay),
      remindAt: task.remindAt,
      priority: task.priority,
      // Ticks come back on their days; one dated after the import's day (a file from a zone ahead,
      // or written by hand) is ticked on the import's day, as no tick could have been made later.
      checklist: task.checklist.map((item) =>
        item.doneOn !== null && item.doneOn > importDay ? { ...item, doneOn: importDay } : item,
      ),
      labels: task.labels,
      completed: task.completed,
      isToday: task.isToday,
      todaySortOrder: todayPositions.get(`task:${task.id}`) ?? 0,
      sortOrder: taskPositions.get(task.id) ?? 0,
      ...(task.createdAt ? { createdAt: new Date(task.createdAt) } : {}),
    })),
  );
  const habitBase = await endPosition(tx, userId, { kind: 'habits' });
  await insertHabits(
    tx,
    [...newHabits].sort(byField((habit) => habit.sortOrder)).map((habit, rank) => ({
      userId,
      id: habit.id,
      title: habit.title,
      description: habit.description,
      repeat: habit.repeat,
      repeatStart: habit.repeat === null ? null : (habit.repeatStart ?? importDay),
      timesPerWeek: habit.timesPerWeek,
      remindAt: habit.remindAt,
      isToday: habit.isToday,
      todaySortOrder: todayPositions.get(`habit:${habit.id}`) ?? 0,
      sortOrder: habitBase + rank,
      ...(habit.createdAt ? { createdAt: new Date(habit.createdAt) } : {}),
    })),
  );

  const day = file.settings ?? person;
  const today = dayAt(person.now, day.timeZone, day.dayStartHour);
  const dailyTasks = file.tasks
    .filter((task) => inHabitGoal(task) || task.repeat !== null)
    .map((task) => task.id);

  if (file.settings) await updateUserSettings(tx, userId, file.settings);

  return {
    result: {
      added: { goals: newGoals.length, tasks: newTasks.length, habits: newHabits.length, completedDays: 0 },
      alreadyThere: { goals: existingGoals.size, tasks: existingTasks.size, habits: existingHabits.size },
      leftOut: { completedDays: 0 },
    },
    today,
    dailyTasks,
  };
}
