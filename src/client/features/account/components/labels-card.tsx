import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { LabelUse } from '#shared/api/labels';
import { labelKey } from '#shared/domain/labels';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LABEL_WORDS_INPUT } from '../../../components/ui/label-words-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { type Connectivity, connectivity, useConnectivity } from '../../../lib/connectivity';
import { errorText } from '../../../lib/error-text';
import { useLabels } from '../api/get-labels';
import { useRemoveLabel } from '../api/remove-label';
import { useRenameLabel } from '../api/rename-label';
import { countOf } from '../lib/counts-text';

// The label rule brings zod: it loads when a rename begins, as quick add's title rules do
// (docs/decisions/010-first-load-weight.md).
const loadLabelRules = () => import('#shared/api/labels');

/** Why renaming and removing cannot work now: both need the server (docs/product.md#connectivity). */
function whyNot(place: Connectivity): string {
  return place === 'offline'
    ? "You're offline. Renaming or removing a label needs a connection: try again when you're back online."
    : "Can't reach Stride right now. Renaming or removing a label needs it: try again once it answers.";
}

/**
 * The person's labels (docs/product.md#labels, docs/decisions/051-labels.md): each with how many tasks
 * carry it, renamed or removed on all of them at once. A label exists while a task carries it, so there
 * is nothing to add here; the empty card says where labels come from.
 */
export function LabelsCard() {
  const labels = useLabels();
  const place = useConnectivity();
  const rename = useRenameLabel();
  const remove = useRemoveLabel();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<LabelUse | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const renameButtons = useRef(new Map<string, HTMLButtonElement>());
  // The row whose Rename button takes focus once drawn: after a cancel, or on the new name after a save.
  const focusAfter = useRef<string | null>(null);
  const removed = useRef(false);
  const noteId = useId();

  useEffect(() => {
    const key = focusAfter.current;
    if (key === null) return;
    focusAfter.current = null;
    (renameButtons.current.get(key) ?? heading.current)?.focus();
  });

  /** Offline the buttons say why instead of starting what would fail (as signing out does). */
  const whenOnline = (what: 'Renaming' | 'Removing', go: () => void) => {
    const now = connectivity();
    if (now === 'online') return go();
    // One line on a phone's toast (docs/product.md#toasts); the card's own line says the rest.
    const description =
      now === 'offline'
        ? "You're offline. Try again when you're back online."
        : "Can't reach Stride right now. Try again once it answers.";
    toast({ title: `${what} a label needs a connection`, description });
  };

  const startRename = (use: LabelUse) =>
    whenOnline('Renaming', () => {
      rename.reset();
      void loadLabelRules();
      setRenaming(labelKey(use.label));
    });
  const stopRename = (use: LabelUse) => {
    focusAfter.current = labelKey(use.label);
    setRenaming(null);
  };
  const startRemove = (use: LabelUse) =>
    whenOnline('Removing', () => {
      remove.reset();
      setRemoving(use);
      setConfirmOpen(true);
    });
  const confirmRemove = () => {
    if (!removing) return;
    const { label } = removing;
    remove.mutate(label, {
      onSuccess: () => {
        removed.current = true;
        setConfirmOpen(false);
        toast({ title: 'Label removed', description: `No task carries “${label}” now; the tasks stay.` });
      },
    });
  };

  const list = labels.data;
  const offline = place !== 'online';
  return (
    <Card>
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="focus:outline-none">
          Labels
        </CardTitle>
        <CardDescription>
          Your tasks’ labels, with how many tasks carry each. Renaming or removing one changes every task that
          carries it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {offline && list && list.length > 0 ? (
          <p id={noteId} className="text-muted-foreground text-sm">
            {whyNot(place)}
          </p>
        ) : null}
        {list ? (
          list.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              No labels yet. Type @ and a word in quick add, like “Buy milk @errands”, or use a task’s Labels
              field.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
              {list.map((use) => {
                const key = labelKey(use.label);
                return (
                  <li key={key} className="p-3">
                    {renaming === key ? (
                      <RenameLabelForm
                        use={use}
                        list={list}
                        onDone={() => stopRename(use)}
                        onRenamed={(to) => {
                          focusAfter.current = labelKey(to);
                          setRenaming(null);
                        }}
                        onGone={() => {
                          // Its row leaves with the list's refetch: focus waits on the card instead.
                          heading.current?.focus();
                          setRenaming(null);
                        }}
                        rename={rename}
                      />
                    ) : (
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                        <div className="min-w-0 flex-1 basis-24">
                          <p className="font-medium text-sm [overflow-wrap:anywhere]">
                            @<bdi>{use.label}</bdi>
                          </p>
                          <p className="text-muted-foreground text-xs">{countOf(use.tasks, 'task')}</p>
                        </div>
                        <div className="flex gap-2">
                          <Button
                            ref={(button) => {
                              if (button) renameButtons.current.set(key, button);
                              else renameButtons.current.delete(key);
                            }}
                            variant="outline"
                            size="sm"
                            aria-label={`Rename label “${use.label}”`}
                            aria-describedby={offline ? noteId : undefined}
                            onClick={() => startRename(use)}
                          >
                            Rename
                          </Button>
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Remove label “${use.label}”`}
                            aria-describedby={offline ? noteId : undefined}
                            onClick={() => startRemove(use)}
                          >
                            Remove
                          </Button>
                        </div>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )
        ) : labels.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="text-destructive text-sm">Could not load your labels. {errorText(labels.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void labels.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2" role="status" aria-label="Loading labels">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        )}
      </CardContent>
      <Dialog open={confirmOpen} onOpenChange={(open) => !remove.isPending && setConfirmOpen(open)}>
        <DialogContent
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            // Its row has gone: focus starts again from the card rather than the page.
            if (!removed.current) return;
            removed.current = false;
            event.preventDefault();
            heading.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>
              Remove “<bdi>{removing?.label}</bdi>” from {countOf(removing?.tasks ?? 0, 'task')}?
            </DialogTitle>
            <DialogDescription>The tasks stay; only the label comes off them.</DialogDescription>
          </DialogHeader>
          {remove.isError && (
            <InlineFailure title="Could not remove the label" text={errorText(remove.error)} />
          )}
          <DialogFooter>
            <Button variant="outline" disabled={remove.isPending} onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={confirmRemove}>
              {remove.isPending && <Spinner className="size-4" />}
              Remove label
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/**
 * A row being renamed: the field starts with the label, selected; Enter saves, Escape or Cancel put the
 * row back. The label rule is checked here first, then the server's refusal is shown under the field.
 */
function RenameLabelForm({
  use,
  list,
  rename,
  onDone,
  onRenamed,
  onGone,
}: {
  use: LabelUse;
  list: readonly LabelUse[];
  rename: ReturnType<typeof useRenameLabel>;
  onDone: () => void;
  onRenamed: (to: string) => void;
  /** The label was removed or renamed elsewhere meanwhile (404). */
  onGone: () => void;
}) {
  const [value, setValue] = useState(use.label);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement | null>(null);
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (rename.isPending) return;
    const { LabelSchema } = await loadLabelRules();
    const parsed = LabelSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the label');
      field.current?.focus();
      return;
    }
    const to = parsed.data;
    if (to === use.label) return onDone();
    setError(null);
    const joins = list.some(
      (other) => labelKey(other.label) === labelKey(to) && labelKey(other.label) !== labelKey(use.label),
    );
    rename.mutate(
      { label: use.label, to },
      {
        onSuccess: (labels) => {
          const now = labels.find((other) => labelKey(other.label) === labelKey(to));
          const name = now?.label ?? to;
          toast({
            title: 'Label renamed',
            description: joins
              ? `“${use.label}” and “${name}” are one label now, on ${countOf(now?.tasks ?? use.tasks, 'task')}.`
              : `“${use.label}” is now “${name}” on ${countOf(use.tasks, 'task')}.`,
          });
          onRenamed(name);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 404) {
            toast({
              title: 'Label not found',
              description: `“${use.label}” was removed or renamed elsewhere.`,
            });
            return onGone();
          }
          setError(errorText(failure));
          field.current?.focus();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || rename.isPending) return;
    event.preventDefault();
    onDone();
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void save(event)} noValidate>
      <Label htmlFor={fieldId} className="leading-snug [overflow-wrap:anywhere]">
        New name for “<bdi>{use.label}</bdi>”
      </Label>
      <Input
        id={fieldId}
        ref={field}
        value={value}
        {...LABEL_WORDS_INPUT}
        enterKeyHint="done"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error ${hintId}` : hintId}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <FieldError fieldId={fieldId} error={error} />
      <p id={hintId} className="text-muted-foreground text-xs">
        If that label exists, the two become one.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending && <Spinner className="size-4" />}
          Save
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={rename.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
