import { z } from 'zod';
import { isTimeOfDay, REMIND_AT_MESSAGE } from '../domain/reminder-times';
import { parseRepeat, REPEAT_MESSAGE } from '../domain/repeat-rule';

/**
 * Input and count limits (docs/product.md#input-limits); why these numbers:
 * docs/decisions/004-input-limits.md.
 */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const SORT_ORDER_MAX = 1_000_000_000;
export const REORDER_MAX_ITEMS = 1000;

/*
 * Count limits per person (docs/decisions/011-abuse-limits.md): far beyond what anyone keeps, there
 * so that one account cannot fill the disk or make a list too large to send.
 */
export const MAX_GOALS = 500;
export const MAX_TASKS = 10_000;
export const MAX_HABITS = 200;
/** Lines one bulk add may create (each line is one create call). */
export const BULK_MAX_LINES = 500;

export const IdSchema = z.uuid({ message: 'Invalid id' });

// C0 controls (and DEL) cannot be typed, render as nothing or break logs and terminals; NUL cannot
// even be stored by PostgreSQL. Tab, and line breaks where a field has lines, are ordinary text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_IN_LINE = /[\u0000-\u0008\u000A-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// Half of a UTF-16 surrogate pair is not a character: it cannot be encoded as UTF-8 for storage.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The text rules every free-text field follows (docs/product.md#input-limits), as a zod refinement
 * whose message names the field: "Title must not contain control characters".
 */
export function textRules<T extends z.ZodString>(schema: T, field: string, options: { lines: boolean }) {
  const control = options.lines ? CONTROL_IN_TEXT : CONTROL_IN_LINE;
  return schema
    .refine((value) => !control.test(value), {
      message: `${field} must not contain control characters`,
      abort: true,
    })
    .refine((value) => !LONE_SURROGATE.test(value), {
      message: `${field} contains an invalid character (an unpaired surrogate)`,
      abort: true,
    });
}

/** One line of text under `max` characters, trimmed (query parameters such as login_hint). */
export const PlainTextSchema = (field: string, max: number) =>
  textRules(
    z
      .string({ message: `${field} must be text` })
      .trim()
      .max(max, { message: `${field} must be at most ${max} characters` }),
    field,
    { lines: false },
  );

/** Titles are trimmed; an empty one is refused with "Title is required" (docs/product.md#form-rules). */
export const TitleSchema = textRules(
  z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, { message: 'Title is required' })
    .max(TITLE_MAX, { message: `Title must be at most ${TITLE_MAX} characters` }),
  'Title',
  { lines: false },
);

/**
 * A goal's, a task's or a habit's description: free text with lines, trimmed; empty is none (null).
 */
export const DescriptionSchema = textRules(
  z
    .string({ message: 'Description must be text' })
    .trim()
    .max(DESCRIPTION_MAX, { message: `Description must be at most ${DESCRIPTION_MAX} characters` }),
  'Description',
  { lines: true },
)
  .nullable()
  .transform((value) => (value ? value : null));

/**
 * A repeat rule (docs/product.md#repeats): an RRULE of the subset src/shared/domain/repeat-rule.ts
 * reads, without "RRULE:", taken in its canonical text; anything else is refused naming `repeat`.
 */
export const RepeatSchema = z.string({ message: REPEAT_MESSAGE }).transform((text, ctx) => {
  const parsed = parseRepeat(text);
  if (parsed.ok) return parsed.text;
  ctx.addIssue({ code: 'custom', message: parsed.message, input: text });
  return z.NEVER;
});

/**
 * When to be reminded (docs/product.md#reminders): a time of day, HH:MM, in the person's zone; anything
 * else is refused naming `remindAt`.
 */
export const RemindAtSchema = z
  .string({ message: REMIND_AT_MESSAGE })
  .refine(isTimeOfDay, { message: REMIND_AT_MESSAGE });

export const SortOrderSchema = z
  .number({ message: 'Sort order must be a number' })
  .int({ message: 'Sort order must be a whole number' })
  .min(-SORT_ORDER_MAX, { message: 'Sort order is out of range' })
  .max(SORT_ORDER_MAX, { message: 'Sort order is out of range' });

/**
 * Every non-2xx JSON answer of the API (docs/product.md#status-codes); the client raises it as
 * `STATUS: body text` (docs/product.md#error-format).
 */
export const ErrorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const IdParamsSchema = z.object({ id: IdSchema });

/** The error answers every API route may give, each `{ message, issues? }` (docs/product.md#status-codes). */
export const ErrorResponseSchemas = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
  503: ErrorBodySchema,
} as const;
