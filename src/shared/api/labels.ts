import { z } from 'zod';
import { LABELS_COUNT_MESSAGE, LABELS_MAX, labelFault, labelText, uniqueLabels } from '../domain/labels';

/*
 * A task's labels in the API (docs/product.md#labels, docs/decisions/051-labels.md). Given with or
 * without "@", in any case; the same label twice is kept once, as first spelled.
 */

/**
 * One label as given: "@" and spaces around it dropped, then checked as one word. Nothing left ("", "@")
 * is refused rather than dropped: a list given whole is saved as given, so a blank in it is a mistake
 * the sender should hear of (the item dialog's line drops blanks itself, labelsFromText).
 */
export const LabelSchema = z
  .string({ message: 'A label must be text' })
  .transform(labelText)
  .superRefine((label, context) => {
    const fault = labelFault(label);
    if (fault) context.addIssue({ code: 'custom', message: fault });
  });

/** A task's whole list of labels, in its order, each once. */
export const LabelsInputSchema = z
  .array(LabelSchema, { message: 'labels must be a list of words' })
  // Checked again once each label is kept once; this bound only stops a long list before that work.
  .max(LABELS_MAX * 10, { message: LABELS_COUNT_MESSAGE })
  .transform(uniqueLabels)
  .refine((labels) => labels.length <= LABELS_MAX, { message: LABELS_COUNT_MESSAGE });

/** One of the person's labels with how many of their tasks carry it (GET /api/labels). */
export const LabelUseSchema = z.object({ label: z.string(), tasks: z.number().int() });
export type LabelUse = z.infer<typeof LabelUseSchema>;

/** The person's labels, each once in any case, by name. */
export const LabelListSchema = z.array(LabelUseSchema);

/** `/api/labels/:label`: the label as a path names it, in any case, with or without "@". */
export const LabelParamsSchema = z.object({ label: LabelSchema });

/** PATCH /api/labels/:label: its new name on every task that carries it. */
export const RenameLabelInputSchema = z.object({ label: LabelSchema });
export type RenameLabelInput = z.infer<typeof RenameLabelInputSchema>;
