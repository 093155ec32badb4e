import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { labelKey, labelsFromText } from '#shared/domain/labels';
import Plus from '~icons/lucide/plus';
import { FieldError } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LABEL_WORDS_INPUT } from '../../../components/ui/label-words-input';
import type { SingleItemFormInput } from '../lib/item-form-values';
import { knownLabels } from '../lib/known-labels';

/** Suggestions under the line: enough to pick from, few enough for a phone's width. */
const SUGGESTIONS_MAX = 8;

/**
 * A task's "Labels" in the item dialog (docs/product.md#item-dialog, docs/decisions/051-labels.md): one
 * line of words ("errands calls"), checked by the API's rules with the message under it, and under it
 * the person's other labels, the most used first, each a button that adds it to the line.
 */
export function LabelsField({
  id,
  register,
  setValue,
  text,
  error,
}: {
  id: string;
  register: UseFormRegister<SingleItemFormInput>;
  setValue: UseFormSetValue<SingleItemFormInput>;
  /** The line as typed now. */
  text: string;
  error?: string;
}) {
  const queryClient = useQueryClient();
  // The lists as the dialog opened: a label added here is no news to suggest back.
  const [known] = useState(() => knownLabels(queryClient));
  const suggested = useMemo(() => {
    const typed = new Set(labelsFromText(text).map(labelKey));
    return known.filter((label) => !typed.has(labelKey(label))).slice(0, SUGGESTIONS_MAX);
  }, [known, text]);

  // A suggestion taken leaves the list: focus goes to the one now in its place, or back to the line.
  const suggestions = useRef<HTMLUListElement>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    setFocusAt(null);
    const buttons = suggestions.current?.querySelectorAll('button') ?? [];
    (buttons[Math.min(focusAt, buttons.length - 1)] ?? field.current)?.focus();
  }, [focusAt]);

  const add = (label: string, index: number) => {
    const line = text.trimEnd();
    setValue('labels', line === '' ? label : `${line} ${label}`, { shouldDirty: true, shouldValidate: true });
    setFocusAt(index);
  };

  const registration = register('labels');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        Labels <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Input
        id={id}
        {...LABEL_WORDS_INPUT}
        placeholder="errands calls"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && `${id}-error`, `${id}-hint`].filter(Boolean).join(' ')}
        {...registration}
        ref={(element) => {
          registration.ref(element);
          field.current = element;
        }}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        One word each, separated by spaces
      </p>
      <FieldError fieldId={id} error={error} />
      {suggested.length > 0 && (
        <ul ref={suggestions} aria-label="Your labels" className="flex flex-wrap gap-1.5">
          {suggested.map((label, index) => (
            <li key={labelKey(label)} className="min-w-0 max-w-full">
              <button
                type="button"
                aria-label={`Add label “${label}”`}
                onClick={() => add(label, index)}
                className="inline-flex min-h-8 max-w-full cursor-pointer items-center gap-1 rounded-full border border-border bg-muted px-2.5 text-muted-foreground text-xs hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Plus className="size-3 shrink-0" aria-hidden />
                <span className="truncate">
                  @<bdi>{label}</bdi>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
