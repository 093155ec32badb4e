import { chunkOnce } from '../../../lib/chunk-once';
import { useChunk } from '../../../lib/use-chunk';

/*
 * The note for places in the first load (quick add, the card's "Remind me…"): the note and the push
 * code it reads come with the first reminder being set, not with the screen
 * (docs/decisions/010-first-load-weight.md).
 */
const note = chunkOnce(() => import('./reminders-off-note'));
// The note only adds to a reminder being set: without its chunk (offline, never fetched) nothing shows.
const withoutNote = () => {};

export function RemindersOffNoteOnDemand() {
  const loaded = useChunk(note, true, withoutNote);
  return loaded ? <loaded.RemindersOffNote /> : null;
}
