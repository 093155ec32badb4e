import { z } from 'zod';

/*
 * The live-update stream, GET /api/events (docs/product.md#live-updates): Server-Sent Events whose
 * `change` events name what kind of data changed and which ids, so an open tab refetches just that.
 */

/** `account`: settings or an import changed everything; refetch it all. */
export const LIVE_CHANGE_KINDS = ['goals', 'tasks', 'habits', 'today', 'account'] as const;
export type LiveChangeKind = (typeof LIVE_CHANGE_KINDS)[number];

/** The data of a `change` event. `ids` empty: anything of those kinds may have changed. */
export const LiveChangeSchema = z.object({
  kinds: z.array(z.enum(LIVE_CHANGE_KINDS)),
  ids: z.array(z.string()),
  tab: z.string().optional(),
});
export type LiveChange = z.infer<typeof LiveChangeSchema>;
