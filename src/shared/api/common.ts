import { z } from 'zod';

/** Limits the spec leaves open (SPEC §9 "not shown"); see docs/decisions/004-input-limits.md. */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const SORT_ORDER_MAX = 1_000_000_000;
export const REORDER_MAX_ITEMS = 1000;

export const IdSchema = z.uuid({ message: 'Invalid id' });

/** Titles are trimmed; an empty one is refused with the spec's message (SPEC §5). */
export const TitleSchema = z
  .string({ message: 'Title is required' })
  .trim()
  .min(1, { message: 'Title is required' })
  .max(TITLE_MAX, { message: `Title must be at most ${TITLE_MAX} characters` });

export const SortOrderSchema = z
  .number({ message: 'Sort order must be a number' })
  .int({ message: 'Sort order must be a whole number' })
  .min(-SORT_ORDER_MAX, { message: 'Sort order is out of range' })
  .max(SORT_ORDER_MAX, { message: 'Sort order is out of range' });

/** Every non-2xx JSON answer of the API (SPEC §8: the client shows `STATUS: body text`). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const IdParamsSchema = z.object({ id: IdSchema });
