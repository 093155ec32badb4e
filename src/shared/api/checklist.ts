import { z } from 'zod';
import { IdSchema, TitleSchema } from './common';

/*
 * A task's checklist in the API (docs/product.md#checklists, docs/decisions/049-checklists.md): the
 * steps of one task, ticked one by one, that are not tasks of their own.
 */

/** Items one checklist may hold: far more than a task's steps, few enough to send with every list. */
export const CHECKLIST_MAX = 100;

/** An item as the API answers it: `done` read for the person's day (src/shared/domain/checklist.ts). */
export const ChecklistItemSchema = z.object({ id: IdSchema, title: z.string(), done: z.boolean() });
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** An item as a create or an edit of the whole list gives it; the id is chosen by the client. */
export const ChecklistItemInputSchema = z.object({
  id: IdSchema,
  title: TitleSchema,
  done: z.boolean({ message: 'done must be true or false' }).default(false),
});

/**
 * A whole checklist of `item`, in its order: at most CHECKLIST_MAX items, each id once. The API's edits
 * and an export file's lists (src/shared/api/account-data.ts) read their items by the same rules.
 */
export function checklistOf<Item extends z.ZodType<{ id: string }>>(item: Item) {
  return z
    .array(item, { message: 'checklist must be a list' })
    .max(CHECKLIST_MAX, { message: `A checklist holds at most ${CHECKLIST_MAX} items` })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach(({ id }, index) => {
        if (seen.has(id))
          ctx.addIssue({ code: 'custom', message: `Duplicate id in checklist: ${id}`, path: [index, 'id'] });
        seen.add(id);
      });
    });
}

/** The whole checklist, in its order; each id once. */
export const ChecklistInputSchema = checklistOf(ChecklistItemInputSchema);

export const ChecklistItemParamsSchema = z.object({ id: IdSchema, itemId: IdSchema });

/** PATCH /api/tasks/:id/checklist/:itemId: one item ticked or unticked, the rest left as they are. */
export const TickChecklistItemInputSchema = z.object({
  done: z.boolean({ message: 'done must be true or false' }),
});
export type TickChecklistItemInput = z.infer<typeof TickChecklistItemInputSchema>;
