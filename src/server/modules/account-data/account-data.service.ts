import {
  type AccountExport,
  type AccountImport,
  type AccountImportResult,
  type AccountSummary,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  IMPORT_COMPLETED_DAYS_MAX,
  type ImportedTask,
} from '#shared/api/account-data';
import { MAX_GOALS, MAX_HABITS, MAX_TASKS } from '#shared/api/common';
import { addDays, dayAt } from '#shared/domain/days';
import { type Db, engineOf, inTransaction } from '../../db/client';
import { nextTurn } from '../../db/next-turn';
import type { UserRow } from '../../db/schema';
import { badRequest, HttpError, notSignedIn, quotaReached } from '../../errors';
import { listSessions } from '../auth/sessions.service';
import type { PersonDay } from '../completions/completions.service';
import { endPosition } from '../positions/positions.service';
import { updateUserSettings } from '../users/users.service';
import {
  addCompletedDays,
  type CompletedDays,
  type CompletionRow,
  completedDayPages,
  countOwned,
  deleteUser,
  type ExistingItem,
  findCompletedDays,
  findExisting,
  findGoalKinds,
  findGoals,
  findHabits,
  findTasks,
  findUser,
  insertGoals,
  insertHabits,
  insertTasks,
  readCompletedDays,
  readOneSnapshot,
  tryLockExport,
} from './account-data.repo';
import { exportAlreadyRunning } from './export-gate';

/**
 * What deleting the account would delete (GET /api/account/summary): the person's items and their
 * live devices, counted as the session list counts them (modules/auth/sessions.service.ts).
 */
export async function countAccount(db: Db, userId: string, now: Date): Promise<AccountSummary> {
  const [owned, devices] = [await countOwned(db, userId), await listSessions(db, userId, '', now)];
  return { ...owned, devices: devices.length };
}

/** What an export is made of: the person's rows, and the completed days of their items by id. */
type ExportRows = {
  user: UserRow;
  devices: Awaited<ReturnType<typeof listSessions>>;
  goalRows: Awaited<ReturnType<typeof findGoals>>;
  taskRows: Awaited<ReturnType<typeof findTasks>>;
  habitRows: Awaited<ReturnType<typeof findHabits>>;
  habitDays: CompletedDays;
  taskDays: CompletedDays;
};

/**
 * Everything the person made, and what Stride holds about them, as one versioned file
 * (docs/product.md#your-data). One export of a person at a time, on any instance (429 otherwise). The
 * lists agree with each other: on PostgreSQL everything is read on one snapshot; on the embedded
 * database, which runs one statement at a time for everyone, only the lists are, and the completed days
 * follow in short reads that let everyone else's in between (docs/decisions/037-fair-heavy-work.md).
 */
export function exportAccount(db: Db, userId: string, now: Date): Promise<AccountExport> {
  return engineOf(db) === 'pglite' ? exportInSlices(db, userId, now) : exportOnOneSnapshot(db, userId, now);
}

/**
 * PostgreSQL: one read-only transaction on one snapshot, in statements that each take milliseconds
 * (completed days a page at a time); the database's export lock keeps it to one per person.
 */
function exportOnOneSnapshot(db: Db, userId: string, now: Date): Promise<AccountExport> {
  return inTransaction(db, async (tx) => {
    await readOneSnapshot(tx);
    if (!(await tryLockExport(tx, userId))) throw exportAlreadyRunning();
    const user = await findUser(tx, userId);
    if (!user) throw notSignedIn();
    return exportFile(
      {
        user,
        devices: await listSessions(tx, userId, '', now),
        goalRows: await findGoals(tx, userId),
        taskRows: await findTasks(tx, userId),
        habitRows: await findHabits(tx, userId),
        habitDays: await findCompletedDays(tx, userId, 'habit'),
        taskDays: await findCompletedDays(tx, userId, 'task'),
      },
      now,
    );
  });
}

/**
 * Completed days per read on the embedded database: some 20-30 ms of its time, so that another
 * person's call waits at most that long behind the export.
 */
const EMBEDDED_DAYS_PAGE = 5_000;

/**
 * The embedded database: the lists in one short transaction, then the completed days of the items it
 * found, a page per statement, each after a turn of the event loop, so that the calls that arrived
 * meanwhile (anyone's, the health check's) run between them. Each item's days are read in one
 * statement; a tick that lands between two pages is in the file or not, as if the export had been
 * asked a moment later or earlier. One process serves a data folder (db/data-dir-lock.ts), so the
 * route's export gate alone keeps it to one export per person.
 */
async function exportInSlices(db: Db, userId: string, now: Date): Promise<AccountExport> {
  const lists = await inTransaction(db, async (tx) => {
    await readOneSnapshot(tx);
    const user = await findUser(tx, userId);
    if (!user) throw notSignedIn();
    return {
      user,
      devices: await listSessions(tx, userId, '', now),
      goalRows: await findGoals(tx, userId),
      taskRows: await findTasks(tx, userId),
      habitRows: await findHabits(tx, userId),
    };
  });
  return exportFile(
    {
      ...lists,
      habitDays: await completedDaysInPages(db, userId, 'habit', lists.habitRows),
      taskDays: await completedDaysInPages(db, userId, 'task', lists.taskRows),
    },
    now,
  );
}

/** The completed days of `items`, read in pages sized by the items' counters (an item counts as one at least). */
async function completedDaysInPages(
  db: Db,
  userId: string,
  kind: 'habit' | 'task',
  items: ReadonlyArray<{ id: string; completionCount: number }>,
): Promise<CompletedDays> {
  const byItem: CompletedDays = new Map();
  const counts = items.map((item) => ({ id: item.id, count: Math.max(item.completionCount, 1) }));
  for (const ids of completedDayPages(counts, EMBEDDED_DAYS_PAGE)) {
    await nextTurn();
    await readCompletedDays(db, userId, kind, ids, byItem);
  }
  return byItem;
}

/** The export file from the rows read. */
function exportFile(rows: ExportRows, now: Date): AccountExport {
  const { user, devices, goalRows, taskRows, habitRows, habitDays, taskDays } = rows;
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    profile: { email: user.email, name: user.name, createdAt: user.createdAt.toISOString() },
    devices: devices.map((device) => ({
      userAgent: device.userAgent,
      signedInAt: device.createdAt,
      lastActiveAt: device.lastSeenAt,
    })),
    settings: {
      timeZone: user.timeZone,
      timeZoneFromDevice: user.timeZoneFromDevice,
      dayStartHour: user.dayStartHour,
    },
    goals: goalRows.map((goal) => ({
      id: goal.id,
      title: goal.title,
      description: goal.description,
      color: goal.color as AccountExport['goals'][number]['color'],
      isHabitGoal: goal.isHabitGoal,
      archived: goal.archived,
      sortOrder: goal.sortOrder,
      createdAt: goal.createdAt.toISOString(),
    })),
    tasks: taskRows.map((task) => ({
      id: task.id,
      title: task.title,
      goalId: task.goalId,
      plannedFor: task.plannedFor,
      repeat: task.repeat,
      repeatStart: task.repeatStart,
      remindAt: task.remindAt,
      completed: task.completed,
      isToday: task.isToday,
      todaySortOrder: task.todaySortOrder,
      sortOrder: task.sortOrder,
      completedDays: taskDays.get(task.id) ?? [],
      createdAt: task.createdAt.toISOString(),
    })),
    habits: habitRows.map((habit) => ({
      id: habit.id,
      title: habit.title,
      repeat: habit.repeat,
      repeatStart: habit.repeatStart,
      timesPerWeek: habit.timesPerWeek,
      remindAt: habit.remindAt,
      isToday: habit.isToday,
      todaySortOrder: habit.todaySortOrder,
      sortOrder: habit.sortOrder,
      completedDays: habitDays.get(habit.id) ?? [],
      createdAt: habit.createdAt.toISOString(),
    })),
  };
}

/** Answered before any work: a file past it is refused for its size (413), as one past 16 MiB is. */
function refuseTooManyDays(file: AccountImport): void {
  let total = 0;
  for (const item of [...file.tasks, ...file.habits]) total += item.completedDays.length;
  if (total > IMPORT_COMPLETED_DAYS_MAX) {
    throw new HttpError(
      413,
      `This file holds ${total.toLocaleString('en-US')} completed days; an import takes at most ${IMPORT_COMPLETED_DAYS_MAX.toLocaleString('en-US')} at once. Import it in parts, each with some of the habits and tasks.`,
    );
  }
}

function refuseRepeatedIds(kind: 'goal' | 'task' | 'habit', ids: readonly string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw badRequest(`The file lists the ${kind} ${id} more than once`);
    seen.add(id);
  }
}

/*
 * The dates an import takes (docs/decisions/016-account-data.md, "Dates an import takes"): from 2000-01-01, before
 * any Stride, to a little after now. Anything outside is a broken or made-up file, and PostgreSQL
 * itself refuses a year before 1 or after 9999 (the format's offsets can push a date there), which
 * would otherwise surface as a 500.
 */
const EARLIEST_DAY = '2000-01-01';
const EARLIEST_MS = Date.parse(`${EARLIEST_DAY}T00:00:00Z`);
/** How far after now a creation time may be: the clocks of two instances can differ a little. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

function refuseImpossibleDates(file: AccountImport, now: Date): void {
  const latestMs = now.getTime() + CLOCK_SKEW_MS;
  // The zone furthest ahead (UTC+14) is at most one day ahead of UTC.
  const latestDay = addDays(dayAt(now, 'UTC'), 1);
  const refuse = (path: string, message: string) => {
    throw badRequest(message, [{ path, message }]);
  };
  const lists = [
    ['goal', 'goals', file.goals.map((goal) => ({ ...goal, completedDays: [] as string[] }))],
    ['task', 'tasks', file.tasks],
    ['habit', 'habits', file.habits],
  ] as const;
  for (const [kind, list, items] of lists) {
    for (const [index, item] of items.entries()) {
      const at = item.createdAt === undefined ? undefined : Date.parse(item.createdAt);
      if (at !== undefined && !(at >= EARLIEST_MS && at <= latestMs)) {
        refuse(
          `${list}.${index}.createdAt`,
          `The ${kind} "${item.title}" has createdAt ${item.createdAt}: a creation time must be between ${EARLIEST_DAY} and now`,
        );
      }
      for (const [dayIndex, day] of item.completedDays.entries()) {
        // Days are YYYY-MM-DD (DaySchema), so text order is date order.
        if (day < EARLIEST_DAY || day > latestDay) {
          refuse(
            `${list}.${index}.completedDays.${dayIndex}`,
            `The ${kind} "${item.title}" has the completed day ${day}: a completed day must be between ${EARLIEST_DAY} and today`,
          );
        }
      }
    }
  }
}

const byField =
  <T>(field: (item: T) => number) =>
  (a: T, b: T) =>
    field(a) - field(b);

/**
 * Brings an export file into the person's account (docs/decisions/016-account-data.md): all of it or
 * nothing, in one transaction under the person's lock. Items are matched by id, so a second import of
 * the same file adds nothing: an item already there is left as it is, and only completed days it does
 * not have yet are added. New items join the end of their lists in the file's order; the file's
 * settings replace the person's.
 */
export function importAccount(db: Db, person: PersonDay, file: AccountImport): Promise<AccountImportResult> {
  const { userId } = person;
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

  return inTransaction(
    db,
    async (tx) => {
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
        ...newHabits
          .filter((habit) => habit.isToday)
          .map((habit) => ({ key: `habit:${habit.id}`, item: habit })),
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
          // A rule counts from its first day; a file without one (written by hand) starts it on the
          // planned day, or today, as a create does (docs/product.md#repeats).
          plannedFor: task.plannedFor,
          repeat: task.repeat,
          repeatStart: task.repeat === null ? null : (task.repeatStart ?? task.plannedFor ?? importDay),
          remindAt: task.remindAt,
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

      /*
       * Completed days follow the rules of a tick (docs/product.md#history): only for habits and tasks
       * in habit goals, up to today, in the day settings the account has after the import; a day
       * before the item was made is kept, as a tick may mark one (docs/decisions/031-a-habits-past.md).
       * A day outside them is left out and counted, not refused: an honest export can hold one (a task
       * that left its habit goal keeps its days; a change of zone moves today), and a person cannot
       * mend a file by hand (docs/decisions/016-account-data.md). The year-back limit of an edit does
       * not apply: bringing back years of history is what a restore is for. Days already stored are not
       * sent again, so a repeat import writes nothing.
       */
      const day = file.settings ?? person;
      const today = dayAt(person.now, day.timeZone, day.dayStartHour);
      let leftOut = 0;
      const daysToAdd = <T extends { id: string; completedDays: string[] }>(
        items: readonly T[],
        stored: CompletedDays,
        daily: (item: T) => boolean,
      ): CompletionRow[] => {
        const rows: CompletionRow[] = [];
        for (const item of items) {
          if (item.completedDays.length === 0) continue;
          const isDaily = daily(item);
          const have = new Set(stored.get(item.id));
          for (const completed of item.completedDays) {
            if (!isDaily || completed > today) leftOut += 1;
            else if (!have.has(completed)) {
              have.add(completed);
              rows.push({ id: item.id, day: completed });
            }
          }
        }
        return rows;
      };
      const storedDays = async (kind: 'habit' | 'task', existing: ReadonlyMap<string, ExistingItem>) =>
        existing.size === 0 ? new Map() : await findCompletedDays(tx, userId, kind);
      const habitDays = await addCompletedDays(
        tx,
        userId,
        'habit',
        daysToAdd(file.habits, await storedDays('habit', existingHabits), () => true),
      );
      const taskDays = await addCompletedDays(
        tx,
        userId,
        'task',
        daysToAdd(
          file.tasks,
          await storedDays('task', existingTasks),
          (task) => inHabitGoal(task) || task.repeat !== null,
        ),
      );

      if (file.settings) await updateUserSettings(tx, userId, file.settings);

      return {
        added: {
          goals: newGoals.length,
          tasks: newTasks.length,
          habits: newHabits.length,
          completedDays: habitDays + taskDays,
        },
        alreadyThere: { goals: existingGoals.size, tasks: existingTasks.size, habits: existingHabits.size },
        leftOut: { completedDays: leftOut },
      };
    },
    { owner: userId },
  );
}

/**
 * Deletes the person and everything of theirs (docs/product.md#your-data). Answers false when they
 * were already gone (a second device got there first).
 */
export function deleteAccount(db: Db, user: Pick<UserRow, 'id'>): Promise<boolean> {
  return inTransaction(db, (tx) => deleteUser(tx, user.id), { owner: user.id });
}
