import type { UseFormRegister } from 'react-hook-form';
import { DESCRIPTION_MAX } from '#shared/api/common';
import { CharacterCount, nearLimit } from '../../../components/ui/character-count';
import { FieldError } from '../../../components/ui/field-error';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import type { SingleItemFormInput } from '../lib/item-form-values';
import type { ItemKind } from '../lib/item-kinds';

/**
 * "Description (optional)" in the item dialog, for every kind (docs/product.md#item-dialog): three
 * rows, its count near DESCRIPTION_MAX and its error under it, both named by the field.
 */
export function DescriptionField({
  id,
  kind,
  register,
  length,
  error,
}: {
  id: string;
  kind: ItemKind;
  register: UseFormRegister<SingleItemFormInput>;
  length: number;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        Description <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <Textarea
        id={id}
        rows={3}
        // Arabic or Hebrew text aligns right as it is typed, as it will on the cards.
        dir="auto"
        placeholder={PLACEHOLDERS[kind]}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error && `${id}-error`, nearLimit(length, DESCRIPTION_MAX) && `${id}-count`]
            .filter(Boolean)
            .join(' ') || undefined
        }
        {...register('description')}
      />
      <FieldError fieldId={id} error={error} />
      <CharacterCount id={`${id}-count`} length={length} max={DESCRIPTION_MAX} />
    </div>
  );
}

const PLACEHOLDERS: Record<ItemKind, string> = {
  goal: 'What is this goal about?',
  task: 'Notes, links or steps',
  habit: 'Why it matters, or how',
};
