import { randomUUID } from 'node:crypto';
import { addDays } from '#shared/domain/days';
import { firstOccurrenceFrom } from '#shared/domain/repeat-expansion';
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

export type SeededAccount = {
  userId: string;
  token: string;
  habitId: string;
  habitGoalTaskId: string;
  /** The account that plans ahead (seedPlanner). */
  planner: { userId: string; token: string };
};

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
        // Some of everyone's tasks are planned too, so the planned index holds other people's rows.
        plannedFor: i % 5 === 1 ? addDays(dayBefore(now, 0), i % 30) : null,
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
  const planner = await seedPlanner(db, now);
  return { userId: main.id, token, habitId, habitGoalTaskId, planner };
}

/** Days ahead the planner's tasks are spread over, and how many of them there are. */
const PLANNED_DAYS = 60;
const PLANNED_TASKS = 300;
/** Rules of every kind the subset takes (docs/decisions/023-repeats-in-floating-days.md), in turn. */
const RULES = [
  'FREQ=DAILY',
  'FREQ=WEEKLY',
  'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
  'FREQ=MONTHLY',
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYDAY=2TU',
  'FREQ=YEARLY',
  'FREQ=DAILY;INTERVAL=3;COUNT=10',
];

/**
 * An account that plans ahead (the planning reads, bench/plan.ts): 300 tasks planned over today and
 * the next 59 days, five a day (two of today's done), every third repeating (100, the rules in turn,
 * each planned for its rule's first day from its spread day), in 3 goals; 10 more put on Today by
 * hand (two done yesterday, so gone from it), and 6 habits on Today, every day, on rules or some
 * times a week.
 */
async function seedPlanner(db: Db, now: Date): Promise<{ userId: string; token: string }> {
  const today = dayBefore(now, 0);
  const userId = randomUUID();
  await db.insert(users).values({
    id: userId,
    googleSub: `bench-planner-${randomUUID()}`,
    email: 'planner@bench.example',
    name: 'Planner',
    firstName: 'Planner',
  });
  const goalIds = [randomUUID(), randomUUID(), randomUUID()];
  await db
    .insert(goals)
    .values(goalIds.map((id, i) => ({ userId, id, title: `Plan goal ${i}`, sortOrder: i, color: 'teal' })));
  const taskRows: TaskInsert[] = [];
  for (let i = 0; i < PLANNED_TASKS; i += 1) {
    const spreadDay = addDays(today, Math.floor((i * PLANNED_DAYS) / PLANNED_TASKS));
    const repeat = i % 3 === 0 ? RULES[(i / 3) % RULES.length] : undefined;
    taskRows.push({
      userId,
      title: `Planned ${i}`,
      goalId: i % 4 === 3 ? null : goalIds[i % 3],
      sortOrder: i,
      todaySortOrder: i,
      plannedFor: repeat ? (firstOccurrenceFrom(repeat, spreadDay, spreadDay) ?? spreadDay) : spreadDay,
      repeat: repeat ?? null,
      repeatStart: repeat ? spreadDay : null,
      // Two of today's are done already.
      ...(i === 1 || i === 2 ? { completed: true, completedOn: today } : {}),
    });
  }
  for (let i = 0; i < 10; i += 1) {
    taskRows.push({
      userId,
      title: `By hand ${i}`,
      goalId: goalIds[i % 3],
      sortOrder: PLANNED_TASKS + i,
      isToday: true,
      todaySortOrder: PLANNED_TASKS + i,
      // Two were done yesterday, so they have left Today (docs/product.md#fresh-today).
      ...(i < 2 ? { completed: true, completedOn: dayBefore(now, 1) } : {}),
    });
  }
  await insertAll(taskRows, (slice) => db.insert(tasks).values(slice));
  const schedules: Array<Pick<HabitInsert, 'repeat' | 'timesPerWeek'>> = [
    {},
    { repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' },
    { repeat: 'FREQ=WEEKLY;BYDAY=SA,SU' },
    { timesPerWeek: 3 },
    { timesPerWeek: 5 },
    {},
  ];
  await db.insert(habits).values(
    schedules.map((schedule, i) => ({
      userId,
      title: `Plan habit ${i}`,
      sortOrder: i,
      isToday: true,
      todaySortOrder: 400 + i,
      ...schedule,
      repeatStart: schedule.repeat ? addDays(today, -30) : null,
    })),
  );
  const { token } = await createSession(db, userId, now);
  return { userId, token };
}
