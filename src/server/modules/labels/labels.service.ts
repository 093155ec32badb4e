import type { LabelUse } from '#shared/api/labels';
import { carriesLabel, labelsRenamed, labelsWithout, labelUses } from '#shared/domain/labels';
import { type Db, inTransaction } from '../../db/client';
import { notFound } from '../../errors';
import { labelledTasks, type TaskLabels, writeLabels } from './labels.repo';

/*
 * The person's labels (docs/product.md#labels, docs/decisions/051-labels.md): a label lives on its
 * tasks, so renaming or removing it rewrites each task that carries it, in one transaction under the
 * person's lock, all or nothing. A task whose list comes out the same is not written.
 */

/** The person's labels with how many of their tasks carry each (src/shared/domain/labels.ts, labelUses). */
export async function listLabels(db: Db, userId: string): Promise<LabelUse[]> {
  return labelUses((await labelledTasks(db, userId)).map((task) => task.labels));
}

/**
 * Gives every task carrying `label` (in any case) its new list, then answers the person's labels as
 * they now are; 404 when no task of theirs carries it.
 */
function rewriteLabel(
  db: Db,
  userId: string,
  label: string,
  rewrite: (labels: readonly string[]) => string[],
  alsoRewrites: (labels: readonly string[]) => boolean = () => false,
): Promise<LabelUse[]> {
  return inTransaction(
    db,
    async (tx) => {
      const labelled = await labelledTasks(tx, userId);
      const after: TaskLabels[] = [];
      const changes: TaskLabels[] = [];
      let carried = false;
      for (const task of labelled) {
        const carries = carriesLabel(task.labels, label);
        if (!carries && !alsoRewrites(task.labels)) {
          after.push(task);
          continue;
        }
        carried ||= carries;
        const labels = rewrite(task.labels);
        after.push({ id: task.id, labels });
        if (labels.length !== task.labels.length || labels.some((each, n) => each !== task.labels[n]))
          changes.push({ id: task.id, labels });
      }
      if (!carried) throw notFound('Label');
      await writeLabels(tx, userId, changes);
      return labelUses(after.map((task) => task.labels));
    },
    { owner: userId },
  );
}

/**
 * Renames `label` to `to` on every task of the person that carries it, and spells `to` as given on the
 * tasks that already carried it, so a rename onto an existing label leaves one spelling (labelsRenamed).
 */
export function renameLabel(db: Db, userId: string, label: string, to: string): Promise<LabelUse[]> {
  return rewriteLabel(
    db,
    userId,
    label,
    (labels) => labelsRenamed(labels, label, to),
    (labels) => carriesLabel(labels, to),
  );
}

/** Takes `label` off every task of the person that carries it. */
export async function removeLabel(db: Db, userId: string, label: string): Promise<void> {
  await rewriteLabel(db, userId, label, (labels) => labelsWithout(labels, label));
}
