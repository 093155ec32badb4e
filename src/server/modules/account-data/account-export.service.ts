import { type AccountExport, EXPORT_FORMAT, EXPORT_VERSION } from '#shared/api/account-data';
import { type Db, engineOf, inTransaction, othersFirst } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notSignedIn } from '../../errors';
import { listSessions } from '../auth/sessions.service';
import {
  type CompletedDays,
  completedDayPages,
  findCompletedDays,
  findGoals,
  findHabits,
  findTasks,
  findUser,
  readCompletedDays,
  readOneSnapshot,
  tryLockExport,
} from './account-data.repo';
import { exportAlreadyRunning } from './export-gate';

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
export const EMBEDDED_DAYS_PAGE = 5_000;

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
    await othersFirst(db);
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
      description: task.description,
      goalId: task.goalId,
      plannedFor: task.plannedFor,
      repeat: task.repeat,
      repeatStart: task.repeatStart,
      remindAt: task.remindAt,
      priority: task.priority,
      checklist: task.checklist,
      labels: task.labels,
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
      description: habit.description,
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
