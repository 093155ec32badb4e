import { z } from 'zod';
import { DAY_START_HOUR_MAX, isValidTimeZone } from '../domain/days';
import { checklistOf } from './checklist';
import {
  DescriptionSchema,
  IdSchema,
  MAX_GOALS,
  MAX_HABITS,
  MAX_TASKS,
  RemindAtSchema,
  RepeatSchema,
  SortOrderSchema,
  TitleSchema,
} from './common';
import { GoalColorSchema, GoalSchema } from './goals';
import { HabitSchema, ONE_SCHEDULE_MESSAGE, TimesPerWeekSchema } from './habits';
import { DaySchema } from './history';
import { LabelsInputSchema } from './labels';
import { PlannedForSchema, PrioritySchema, TaskSchema } from './tasks';

/*
 * A person's data taken out and brought back (docs/product.md#your-data,
 * docs/decisions/016-account-data.md). The export file is versioned: an import reads this version and
 * refuses any other with a message saying so. Everything a person made is in it; the profile and the
 * devices are there to read (what Stride holds about them) and are not imported.
 */

export const EXPORT_FORMAT = 'stride-export';
/**
 * Version 2 carries the plan (plannedFor, repeat and the day it counts from, timesPerWeek); a version 1
 * file, which has none, still imports: its items come unplanned and repeat nothing. Version 3 adds
 * `remindAt` on tasks and habits; older files import without reminders. Version 4 adds a task's and a
 * habit's `description` and a task's `priority`; older files import without them. Version 5 adds a task's
 * `checklist`, each item with the day it was ticked; older files import with none. Version 6 adds a
 * task's `labels`; older files import without them.
 */
export const EXPORT_VERSION = 6;
export const IMPORTABLE_VERSIONS = [1, 2, 3, 4, 5, 6] as const;
/** Largest import body: a full account (10,000 tasks, 200 habits with years of history) fits. */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** Completed days one item may carry in a file: about 27 years of daily ticks. */
export const COMPLETED_DAYS_MAX = 10_000;
/**
 * Completed days one file may carry in all: 200 habits ticked daily for almost 7 years. Without it the
 * per-item limit lets a 16 MiB file hold about 1.2 million days, each a row written under the person's
 * lock (docs/decisions/016-account-data.md).
 */
export const IMPORT_COMPLETED_DAYS_MAX = 500_000;

/*
 * Two shapes of each item: what an export writes (plain, so the answer is serialised from it) and what
 * an import reads (every text rule and limit of a create applies, docs/product.md#input-limits).
 */
/** A goal as the API answers it. */
export const ExportedGoalSchema = GoalSchema;

/**
 * A checklist item as it is kept: the person's day it was ticked or null, not whether it reads done
 * today, so that a file brought back ticks what was ticked on the days it was (docs/product.md#checklists).
 */
export const ExportedChecklistItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  doneOn: z.string().nullable(),
});

/** A task as the API answers it, with its history instead of today's view of it. */
export const ExportedTaskSchema = TaskSchema.omit({ completedToday: true, completionCount: true }).extend({
  /** The day its repeat counts from (docs/decisions/023-repeats-in-floating-days.md), or null. */
  repeatStart: z.string().nullable(),
  checklist: z.array(ExportedChecklistItemSchema),
  /** The days a task of a habit goal or a repeating task was done, oldest first. */
  completedDays: z.array(z.string()),
});

export const ExportedHabitSchema = HabitSchema.omit({ completedToday: true, completionCount: true }).extend({
  repeatStart: z.string().nullable(),
  completedDays: z.array(z.string()),
});

const CompletedDaysInputSchema = z
  .array(DaySchema, { message: 'completedDays must be a list of dates' })
  .max(COMPLETED_DAYS_MAX, { message: `An item may have at most ${COMPLETED_DAYS_MAX} completed days` })
  .default([]);

const CreatedAtInputSchema = z.iso
  .datetime({ offset: true, message: 'createdAt must be a date and time such as 2026-01-31T08:00:00Z' })
  .optional();

const ImportedGoalSchema = z.object({
  id: IdSchema,
  title: TitleSchema,
  description: DescriptionSchema.default(null),
  color: GoalColorSchema,
  isHabitGoal: z.boolean({ message: 'isHabitGoal must be true or false' }),
  archived: z.boolean({ message: 'archived must be true or false' }),
  sortOrder: SortOrderSchema,
  createdAt: CreatedAtInputSchema,
});

const ImportedTaskSchema = z.object({
  id: IdSchema,
  title: TitleSchema,
  // Version 4 only.
  description: DescriptionSchema.default(null),
  goalId: IdSchema.nullable(),
  // Version 2 only: absent in version 1 files.
  plannedFor: PlannedForSchema.nullable().default(null),
  repeat: RepeatSchema.nullable().default(null),
  repeatStart: DaySchema.nullable().default(null),
  // Version 3 only.
  remindAt: RemindAtSchema.nullable().default(null),
  // Version 4 only.
  priority: PrioritySchema.default(0),
  // Version 5 only.
  checklist: checklistOf(
    z.object({ id: IdSchema, title: TitleSchema, doneOn: DaySchema.nullable().default(null) }),
  ).default([]),
  // Version 6 only. By a create's rules, so a file written by hand with a bad label is refused naming it.
  labels: LabelsInputSchema.default([]),
  completed: z.boolean({ message: 'completed must be true or false' }),
  isToday: z.boolean({ message: 'isToday must be true or false' }),
  todaySortOrder: SortOrderSchema,
  sortOrder: SortOrderSchema,
  completedDays: CompletedDaysInputSchema,
  createdAt: CreatedAtInputSchema,
});

const ImportedHabitSchema = z
  .object({
    id: IdSchema,
    title: TitleSchema,
    description: DescriptionSchema.default(null),
    repeat: RepeatSchema.nullable().default(null),
    repeatStart: DaySchema.nullable().default(null),
    timesPerWeek: TimesPerWeekSchema.nullable().default(null),
    remindAt: RemindAtSchema.nullable().default(null),
    isToday: z.boolean({ message: 'isToday must be true or false' }),
    todaySortOrder: SortOrderSchema,
    sortOrder: SortOrderSchema,
    completedDays: CompletedDaysInputSchema,
    createdAt: CreatedAtInputSchema,
  })
  .refine((habit) => habit.repeat === null || habit.timesPerWeek === null, {
    message: ONE_SCHEDULE_MESSAGE,
    path: ['timesPerWeek'],
  });

const DAY_START_MESSAGE = `dayStartHour must be a whole hour from 0 to ${DAY_START_HOUR_MAX}`;

export const ExportedSettingsSchema = z.object({
  timeZone: z
    .string({ message: 'Time zone must be text' })
    .refine(isValidTimeZone, { message: 'Time zone must be an IANA zone name such as Europe/Paris' }),
  timeZoneFromDevice: z.boolean({ message: 'timeZoneFromDevice must be true or false' }),
  dayStartHour: z
    .number({ message: DAY_START_MESSAGE })
    .int({ message: DAY_START_MESSAGE })
    .min(0, { message: DAY_START_MESSAGE })
    .max(DAY_START_HOUR_MAX, { message: DAY_START_MESSAGE }),
});

/** What the export says about the person and their devices; read by people, ignored by an import. */
const ExportedProfileSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  createdAt: z.string(),
});
const ExportedDeviceSchema = z.object({
  userAgent: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
});

/** The file GET /api/account/export answers. */
export const AccountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  profile: ExportedProfileSchema,
  devices: z.array(ExportedDeviceSchema),
  settings: ExportedSettingsSchema,
  goals: z.array(ExportedGoalSchema),
  tasks: z.array(ExportedTaskSchema),
  habits: z.array(ExportedHabitSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/**
 * The body POST /api/account/import reads: an export file. The version is checked first so that a
 * file from a later Stride is refused for what it is, not for a field this version does not know.
 */
export const AccountImportSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { message: 'This is not a Stride export file' }),
  version: z.literal(IMPORTABLE_VERSIONS, {
    message: `This export file has a version this Stride cannot read (it reads versions ${IMPORTABLE_VERSIONS.slice(0, -1).join(', ')} and ${IMPORTABLE_VERSIONS.at(-1)})`,
  }),
  settings: ExportedSettingsSchema.optional(),
  goals: z
    .array(ImportedGoalSchema, { message: 'goals must be a list' })
    .max(MAX_GOALS, { message: `A file may hold at most ${MAX_GOALS} goals` })
    .default([]),
  tasks: z
    .array(ImportedTaskSchema, { message: 'tasks must be a list' })
    .max(MAX_TASKS, { message: `A file may hold at most ${MAX_TASKS} tasks` })
    .default([]),
  habits: z
    .array(ImportedHabitSchema, { message: 'habits must be a list' })
    .max(MAX_HABITS, { message: `A file may hold at most ${MAX_HABITS} habits` })
    .default([]),
});
export type AccountImport = z.output<typeof AccountImportSchema>;
/** An export file as the import reads it, before its defaults are filled in. */
export type AccountImportFile = z.input<typeof AccountImportSchema>;
export type ImportedTask = AccountImport['tasks'][number];

const CountsSchema = z.object({
  goals: z.number().int(),
  tasks: z.number().int(),
  habits: z.number().int(),
  completedDays: z.number().int(),
});

/**
 * What an import did: rows added, rows of the file that were already in the account, and completed days
 * left out because no tick could have marked them (docs/decisions/016-account-data.md).
 */
export const AccountImportResultSchema = z.object({
  added: CountsSchema,
  alreadyThere: CountsSchema.omit({ completedDays: true }),
  leftOut: CountsSchema.pick({ completedDays: true }),
});
export type AccountImportResult = z.infer<typeof AccountImportResultSchema>;

/** What deleting the account would delete, for its confirmation (GET /api/account/summary). */
export const AccountSummarySchema = CountsSchema.extend({ devices: z.number().int() });
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** The lists GET /api/account/export/:list.csv writes, one file each. */
export const CSV_LISTS = ['goals', 'tasks', 'habits', 'completions'] as const;
export type CsvList = (typeof CSV_LISTS)[number];
export const CsvListParamsSchema = z.object({
  list: z.enum(CSV_LISTS, { message: `The list must be one of: ${CSV_LISTS.join(', ')}` }),
});
