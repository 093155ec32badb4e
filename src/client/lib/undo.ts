import { type ToastInput, toast } from '../components/ui/toast';
import { holdBack } from './held-back';
import { notifyError } from './notify-error';
import { queryClient } from './query-client';
import { invalidateAll } from './refetch-after-write';

/*
 * Undo in the toast of what a person just did (docs/product.md#undo), for 5 s like every toast. Two
 * kinds: a delete is held back until the toast goes (so Undo restores it exactly, having sent nothing),
 * and a change already saved offers its inverse.
 */

const UNDO = 'Undo';

type Message = Pick<ToastInput, 'title' | 'description'>;

/** After a held-back delete or an undo, as after any write (lib/refetch-after-write.ts). */
const refreshAll = (): Promise<void> => invalidateAll(queryClient);

/**
 * Takes `ids` off the screens at once and shows `message` with Undo; the delete (`send`) goes when the
 * toast does. `failure` titles the toast if the server then refuses it (the rows come back).
 */
export function deleteWithUndo(options: {
  ids: readonly string[];
  send: (keepalive: boolean) => Promise<unknown>;
  message: Message;
  failure: string;
}): void {
  const held = holdBack(
    options.ids,
    async (keepalive) => {
      await options.send(keepalive);
      if (!keepalive) await refreshAll();
    },
    (error) => notifyError(options.failure, error),
  );
  toast({
    ...options.message,
    action: { label: UNDO, altText: 'Undo the delete', onAction: held.undo },
    onClose: held.release,
  });
}

/** Shows `message` with Undo for a change already saved; Undo sends `revert` and reads the lists again. */
export function offerUndo(options: {
  message: Message;
  revert: () => Promise<unknown>;
  failure: string;
}): void {
  toast({
    ...options.message,
    action: {
      label: UNDO,
      altText: 'Undo the change',
      onAction: () => {
        options.revert().then(refreshAll, (error: unknown) => {
          notifyError(options.failure, error);
          void refreshAll();
        });
      },
    },
  });
}
