import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db/client';
import { goals, habitCompletions, habits, taskCompletions, tasks, users } from '../src/server/db/schema';
import { createSession } from '../src/server/modules/auth/sessions.service';

type GoalInsert = typeof goals.$inferInsert;
type TaskInsert = typeof tasks.$inferInsert;
type HabitInsert = typeof habits.$inferInsert;

/** Inserts in slices so one statement never exceeds PostgreSQL's 65,535 bind parameters. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

function dayBefore(today: Date, days: number): string {
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Days of history on each of the main account's 20 habits: a year, done every day. */
const HABIT_HISTORY_DAYS = 365;

export type SeededAccount = { userId: string; token: string; habitId: string; habitGoalTaskId: string };

/**
 * The account under test: 5 goals (one a habit goal), 200 tasks, 20 habits, 30 items on Today and
 * some completion history; plus `otherUsers` people with data of their own in the same tables.
 */
export async function seed(db: Db, otherUsers = 1000): Promise<SeededAccount> {
  const now = new Date();
  const userRows = Array.from({ length: otherUsers + 1 }, (_, i) => ({
    id: randomUUID(),
    googleSub: `bench-${i}-${randomUUID()}`,
    email: `person${i}@bench.example`,
    name: `Person ${i}`,
    firstName: 'Person',
  }));
  await insertAll(userRows, (slice) => db.insert(users).values(slice));
  const [main, ...others] = userRows;
  if (!main) throw new Error('no user');

  const goalRows: GoalInsert[] = [];
  const taskRows: TaskInsert[] = [];
  const habitRows: HabitInsert[] = [];

  // Everyone else: 3 goals, 20 tasks, 4 habits, a few on Today.
  for (const user of others) {
    const goalIds = [randomUUID(), randomUUID(), randomUUID()];
    goalIds.forEach((id, i) => {
      goalRows.push({ userId: user.id, id, title: `Goal ${i}`, sortOrder: i, isHabitGoal: i === 0 });
    });
    for (let i = 0; i < 20; i += 1) {
      taskRows.push({
        userId: user.id,
        title: `Task ${i}`,
        goalId: i % 4 === 3 ? null : goalIds[i % 3],
        sortOrder: i,
        isToday: i < 4,
        todaySortOrder: i,
        completed: i % 5 === 0,
      });
    }
    for (let i = 0; i < 4; i += 1) {
      habitRows.push({
        userId: user.id,
        title: `Habit ${i}`,
        sortOrder: i,
        isToday: i < 2,
        todaySortOrder: 10 + i,
      });
    }
  }

  // The account under test.
  const mainGoalIds = Array.from({ length: 5 }, () => randomUUID());
  mainGoalIds.forEach((id, i) => {
    goalRows.push({
      userId: main.id,
      id,
      title: `My goal ${i}`,
      sortOrder: i,
      isHabitGoal: i === 0,
      color: 'teal',
    });
  });
  const mainTaskIds: string[] = [];
  for (let i = 0; i < 200; i += 1) {
    const id = randomUUID();
    mainTaskIds.push(id);
    const inHabitGoal = i % 6 !== 5 && i % 5 === 0;
    taskRows.push({
      userId: main.id,
      id,
      title: `My task ${i}`,
      goalId: i % 6 === 5 ? null : mainGoalIds[i % 5],
      sortOrder: i,
      isToday: i < 20,
      todaySortOrder: i,
      completed: i % 7 === 0,
      completionCount: inHabitGoal ? 30 : 0,
      lastCompletedDay: inHabitGoal ? dayBefore(now, 1) : null,
    });
  }
  const mainHabitIds: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const id = randomUUID();
    mainHabitIds.push(id);
    habitRows.push({
      userId: main.id,
      id,
      title: `My habit ${i}`,
      sortOrder: i,
      isToday: i < 10,
      todaySortOrder: 20 + i,
      completionCount: HABIT_HISTORY_DAYS,
      lastCompletedDay: dayBefore(now, 1),
    });
  }

  await insertAll(goalRows, (slice) => db.insert(goals).values(slice));
  await insertAll(taskRows, (slice) => db.insert(tasks).values(slice));
  await insertAll(habitRows, (slice) => db.insert(habits).values(slice));

  // A year of daily history on the main account's habits (what the history call reads), 30 days on its
  // habit-goal tasks.
  const history = mainHabitIds.flatMap((habitId) =>
    Array.from({ length: HABIT_HISTORY_DAYS }, (_, d) => ({
      userId: main.id,
      habitId,
      day: dayBefore(now, d + 1),
    })),
  );
  await insertAll(history, (slice) => db.insert(habitCompletions).values(slice));
  const habitGoalTasks = mainTaskIds.filter((_, i) => i % 6 !== 5 && i % 5 === 0);
  const taskHistory = habitGoalTasks.flatMap((taskId) =>
    Array.from({ length: 30 }, (_, d) => ({ userId: main.id, taskId, day: dayBefore(now, d + 1) })),
  );
  await insertAll(taskHistory, (slice) => db.insert(taskCompletions).values(slice));

  const { token } = await createSession(db, main.id, now);
  const habitId = mainHabitIds[0];
  const habitGoalTaskId = habitGoalTasks[0];
  if (!habitId || !habitGoalTaskId) throw new Error('seed produced no habit');
  return { userId: main.id, token, habitId, habitGoalTaskId };
}
