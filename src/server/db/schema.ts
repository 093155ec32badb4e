import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredChecklistItem } from '#shared/domain/checklist';
import { DAY_START_HOUR_MAX } from '#shared/domain/days';
import { DEFAULT_GOAL_COLOR, GOAL_COLORS } from '#shared/domain/palette';
import type { Priority } from '#shared/domain/priority';
import { TIMES_PER_WEEK_MAX } from '#shared/domain/streaks';

/** A stored remindAt is a time of day, as src/shared/domain/reminder-times.ts reads it. */
const REMIND_AT_CHECK = `remind_at is null or remind_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    googleSub: text('google_sub').notNull().unique(),
    email: text('email').notNull(),
    name: text('name'),
    firstName: text('first_name'),
    picture: text('picture'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** False once the person picked a zone in the settings: the browser's zone no longer replaces it. */
    timeZoneFromDevice: boolean('time_zone_from_device').notNull().default(true),
    /** "Day starts at", a local hour (docs/decisions/015-day-start-and-history.md). */
    dayStartHour: smallint('day_start_hour').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('users_day_start_hour_range', sql.raw(`day_start_hour between 0 and ${DAY_START_HOUR_MAX}`))],
);

/** Keyed by the sha256 of the cookie token: a leaked table does not let anyone sign in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the account's session list shows and revokes by; never the token or its hash. */
    id: uuid('id').notNull().defaultRandom().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent at sign-in, cut to a few hundred characters, to name the device. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** One row per sign-in attempt in flight, so the OIDC flow keeps no state in server memory. */
export const authRequests = pgTable(
  'auth_requests',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Abandoned sign-ins are swept by expiry at every new sign-in.
  (t) => [index('auth_requests_expires_at_idx').on(t.expiresAt)],
);

/*
 * Owned data: the primary keys lead with user_id so every row of one person lives together and the
 * tables can be distributed by user_id (Citus-style) without changing a query.
 */
export const goals = pgTable(
  'goals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    color: text('color').notNull().default(DEFAULT_GOAL_COLOR),
    isHabitGoal: boolean('is_habit_goal').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    // GET /api/goals: the user's goals in sortOrder (archived filtered from the same range).
    index('goals_user_sort_idx').on(t.userId, t.sortOrder),
    // Every stored colour is in the palette, so reads need no fallback (docs/product.md#colour-palette).
    check(
      'goals_color_in_palette',
      sql.raw(`color in (${GOAL_COLORS.map((color) => `'${color}'`).join(', ')})`),
    ),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    goalId: uuid('goal_id'),
    title: text('title').notNull(),
    /** Free text with lines, up to DESCRIPTION_MAX characters (docs/product.md#descriptions); null: none. */
    description: text('description'),
    /** The person's day it is planned for (docs/product.md#planning); null: unplanned. */
    plannedFor: date('planned_for', { mode: 'string' }),
    /** An RRULE of the subset in src/shared/domain/repeat-rule.ts, canonical; null: done once. */
    repeat: text('repeat'),
    /** The day the repeat counts from (RFC 5545's DTSTART): where INTERVAL and COUNT start. */
    repeatStart: date('repeat_start', { mode: 'string' }),
    /** HH:MM in the person's zone, reminded on its day (docs/product.md#reminders); null: none. */
    remindAt: text('remind_at'),
    /** 0 none, 1 low, 2 medium, 3 high (docs/product.md#priority). */
    priority: smallint('priority').$type<Priority>().notNull().default(0),
    /**
     * Its steps in order, each with the person's day it was ticked or null (docs/product.md#checklists):
     * kept with the task so that every answer carries it without another query
     * (docs/decisions/049-checklists.md).
     */
    checklist: jsonb('checklist').$type<StoredChecklistItem[]>().notNull().default([]),
    /** Its labels in the order given, each once in any case (docs/product.md#labels). */
    labels: text('labels').array().notNull().default([]),
    completed: boolean('completed').notNull().default(false),
    /**
     * The person's day a normal task was completed on, null while open: an earlier day takes it off
     * Today (docs/product.md#fresh-today).
     */
    completedOn: date('completed_on', { mode: 'string' }),
    isToday: boolean('is_today').notNull().default(false),
    todaySortOrder: integer('today_sort_order').notNull().default(0),
    sortOrder: integer('sort_order').notNull(),
    // Denormalised from task_completions, written in the same transaction as the history row.
    completionCount: integer('completion_count').notNull().default(0),
    lastCompletedDay: date('last_completed_day', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    // Composite key: a task can only ever point at a goal of the same user.
    foreignKey({ columns: [t.userId, t.goalId], foreignColumns: [goals.userId, goals.id] }).onDelete(
      'cascade',
    ),
    // GET /api/tasks (by goal, then sortOrder), ?goalId=..., max sortOrder per list, goal cascade.
    index('tasks_user_goal_sort_idx').on(t.userId, t.goalId, t.sortOrder),
    // GET /api/today and the max todaySortOrder: only the few rows on Today are indexed, and not by
    // their Today position, so a Today reorder touches no index and PostgreSQL updates the rows in
    // place (HOT): docs/decisions/013-api-cost.md, "Today reorders leave no dead index entries".
    index('tasks_user_today_idx').on(t.userId).where(sql`${t.isToday}`),
    // GET /api/today (planned for today or earlier) and GET /api/upcoming (a range of days): only
    // planned tasks are indexed, by their day.
    index('tasks_user_planned_idx').on(t.userId, t.plannedFor).where(sql`${t.plannedFor} is not null`),
    // A repeating task done today stays on Today and Upcoming while its day has moved on: only repeating
    // tasks are indexed, by their person alone, so that a tick, which writes last_completed_day, stays
    // an update in place (docs/decisions/023-repeats-in-floating-days.md).
    index('tasks_user_repeat_idx').on(t.userId).where(sql`${t.repeat} is not null`),
    check('tasks_remind_at_time', sql.raw(REMIND_AT_CHECK)),
    check('tasks_priority_range', sql`priority between 0 and 3`),
  ],
);

export const habits = pgTable(
  'habits',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull(),
    /** As a task's description. */
    description: text('description'),
    /** The days it is due (docs/product.md#habit-schedules); null with no times_per_week: every day. */
    repeat: text('repeat'),
    /** The day the rule was set: it applies from then, and INTERVAL counts from it. */
    repeatStart: date('repeat_start', { mode: 'string' }),
    /** "N times a week", 1 to 6: due every day of a week until N days are done. */
    timesPerWeek: smallint('times_per_week'),
    /** HH:MM in the person's zone, reminded on each of its days (docs/product.md#reminders). */
    remindAt: text('remind_at'),
    isToday: boolean('is_today').notNull().default(false),
    todaySortOrder: integer('today_sort_order').notNull().default(0),
    sortOrder: integer('sort_order').notNull(),
    completionCount: integer('completion_count').notNull().default(0),
    lastCompletedDay: date('last_completed_day', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('habits_user_sort_idx').on(t.userId, t.sortOrder),
    // As tasks_user_today_idx.
    index('habits_user_today_idx').on(t.userId).where(sql`${t.isToday}`),
    check(
      'habits_times_per_week_range',
      sql.raw(
        `times_per_week is null or (times_per_week between 1 and ${TIMES_PER_WEEK_MAX} and repeat is null)`,
      ),
    ),
    check('habits_remind_at_time', sql.raw(REMIND_AT_CHECK)),
  ],
);

/** One row per (habit, local calendar day) completed; the primary key makes a day count once. */
export const habitCompletions = pgTable(
  'habit_completions',
  {
    userId: uuid('user_id').notNull(),
    habitId: uuid('habit_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.habitId, t.day] }),
    foreignKey({ columns: [t.userId, t.habitId], foreignColumns: [habits.userId, habits.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const taskCompletions = pgTable(
  'task_completions',
  {
    userId: uuid('user_id').notNull(),
    taskId: uuid('task_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** A repeating task's day before this completion moved it on: Undo puts it back. */
    plannedFor: date('planned_for', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.taskId, t.day] }),
    foreignKey({ columns: [t.userId, t.taskId], foreignColumns: [tasks.userId, tasks.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A person's calendar feed (docs/product.md#calendar-feed): one secret address each, kept as the sha256
 * of its token, so a leaked table does not open anyone's calendar. A new address replaces the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The browsers a person switched reminders on in (docs/product.md#reminders): a Web Push subscription
 * each, at most 10 a person; one per endpoint.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    unique('push_subscriptions_endpoint').on(t.userId, t.endpoint),
    // A browser's endpoint belongs to whoever switched it on last (push.repo.ts, releaseEndpoint).
    index('push_subscriptions_endpoint_idx').on(t.endpoint),
  ],
);

/**
 * The server's VAPID key pair (RFC 8292), made once by the first instance that needs it and kept, so
 * every instance signs alike and subscriptions outlive restarts; one row, id 1.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  () => [check('vapid_keys_one_row', sql`id = 1`)],
);

/**
 * Each item's next reminder (docs/decisions/032-push-reminders.md): when it is due, and the moment last
 * sent, so none is sent twice. Claimed by the instances' workers with FOR UPDATE SKIP LOCKED.
 */
export const reminders = pgTable(
  'reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    /** The next moment to remind at; null while there is none (kept for `firedAt`). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The last moment reminded (sent or dropped as stale): never reminded again. */
    firedAt: timestamp('fired_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKind, t.itemId] }),
    // The workers' claim: only rows with a moment to come are indexed, by it.
    index('reminders_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    check('reminders_item_kind', sql`item_kind in ('task', 'habit')`),
  ],
);

/**
 * One reminder on its way to one browser: made when the reminder is claimed, leased by a worker while
 * it sends (`locked_until`), deleted once sent; retried at `next_attempt_at` until `expires_at`.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    userId: uuid('user_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    /** The person's day the reminder is for: a tick of that day cancels it. */
    day: date('day', { mode: 'string' }).notNull(),
    payload: text('payload').notNull(),
    topic: text('topic').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    foreignKey({
      columns: [t.userId, t.subscriptionId],
      foreignColumns: [pushSubscriptions.userId, pushSubscriptions.id],
    }).onDelete('cascade'),
    index('push_deliveries_next_idx').on(t.nextAttemptAt),
  ],
);

/**
 * An import decided and not yet applied whole (docs/decisions/037-fair-heavy-work.md): on the embedded
 * database the completed days of an import are added in short statements after the deciding commit,
 * and what they are waits here, so that a server stopped midway finishes the import at its next start.
 */
export const importJournals = pgTable(
  'import_journals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /**
     * The file's completed days, gzipped JSON in base64 (a file's 6.5 MB of dates is some 1.4 MB so):
     * `{ habit: [[id, "day,day,..."], ...], task: [...] }`.
     */
    days: text('days').notNull(),
    /** The last day the import adds, in the settings the account has after it. */
    today: date('today', { mode: 'string' }).notNull(),
    /** The file's tasks whose days count (in a habit goal, or repeating): JSON list of ids. */
    dailyTasks: text('daily_tasks').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

export const schema = {
  users,
  sessions,
  authRequests,
  goals,
  tasks,
  habits,
  habitCompletions,
  taskCompletions,
  calendarFeeds,
  pushSubscriptions,
  vapidKeys,
  reminders,
  pushDeliveries,
  importJournals,
};

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type GoalRow = typeof goals.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type HabitRow = typeof habits.$inferSelect;
