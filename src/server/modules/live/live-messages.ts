import { z } from 'zod';
import { LIVE_CHANGE_KINDS } from '#shared/api/live';

/*
 * What one server instance tells every other (and itself) through the database's LISTEN/NOTIFY
 * channel (docs/decisions/017-live-sync.md): a person's data changed, or some of their sessions ended
 * and the streams opened with them must close. Parsed on receipt: the channel is shared by every
 * instance, and a malformed message is dropped rather than trusted.
 */

export const LIVE_CHANNEL = 'stride_live';

/** Keeps one message well inside a NOTIFY payload (under 8,000 bytes): a change names at most this many ids. */
export const MAX_IDS_PER_CHANGE = 50;

const ChangeMessageSchema = z.object({
  type: z.literal('change'),
  userId: z.string(),
  kinds: z.array(z.enum(LIVE_CHANGE_KINDS)),
  ids: z.array(z.string()),
  /** The tab that made the change, so that it can leave its own notice aside. */
  tab: z.string().optional(),
});

const EndMessageSchema = z.object({
  type: z.literal('end'),
  userId: z.string(),
  /** Only the streams of these sessions; none: every stream of the person (sign-out everywhere, deletion). */
  sessionIds: z.array(z.string()).optional(),
  /** Every stream of the person but those of this session ("sign out everywhere else"). */
  exceptSessionId: z.string().optional(),
});

export const LiveMessageSchema = z.discriminatedUnion('type', [ChangeMessageSchema, EndMessageSchema]);
export type LiveMessage = z.infer<typeof LiveMessageSchema>;
export type ChangeMessage = z.infer<typeof ChangeMessageSchema>;

/** The messages of one NOTIFY payload, a JSON array of them (live-channel.ts batches). */
export function parseLiveMessages(payload: string): LiveMessage[] {
  let items: unknown;
  try {
    items = JSON.parse(payload);
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = LiveMessageSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
