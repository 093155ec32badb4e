/**
 * A field's own error under it: announced when it appears, and named by the field's
 * `aria-describedby` (`{fieldId}-error`), so a screen reader reads it with the field.
 */
export function FieldError({ fieldId, error }: { fieldId: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p id={`${fieldId}-error`} role="alert" className="font-medium text-destructive text-sm">
      {error}
    </p>
  );
}
