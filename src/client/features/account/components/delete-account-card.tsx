import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountSummary } from '#shared/api/account-data';
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
import { InlineFailure } from '../../../components/ui/inline-failure';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { clearSavedData } from '../../../lib/saved-data';
import { useAccountSummary, useDeleteAccount } from '../api/account-data';
import { countOf, listOf } from '../lib/counts-text';

/** "3 goals, 4 tasks, 2 habits and 4 completed days, and signs out 2 devices" */
function whatGoes(summary: AccountSummary): string {
  const items = listOf([
    countOf(summary.goals, 'goal'),
    countOf(summary.tasks, 'task'),
    countOf(summary.habits, 'habit'),
    countOf(summary.completedDays, 'completed day'),
  ]);
  return `This deletes ${items}, and signs out ${countOf(summary.devices, 'device')}.`;
}

/**
 * Leaving for good (docs/product.md#your-data): the confirmation names what will be deleted, counted
 * when it opens, and the deletion ends on the signed-out landing page.
 */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const summary = useAccountSummary(open);
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        queryClient.clear();
        // A whole page load: nothing of the signed-in app stays in memory, or on the device.
        void clearSavedData().finally(() => window.location.assign('/'));
      },
    });
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your account and everything in it, and signs you out everywhere. This can’t be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="destructive"
          onClick={() => {
            remove.reset();
            setOpen(true);
          }}
        >
          Delete account…
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            {summary.isSuccess ? (
              <DialogDescription>
                {whatGoes(summary.data)} It can’t be undone: export your data first if you may want it back.
              </DialogDescription>
            ) : (
              <DialogDescription>Counting what will be deleted…</DialogDescription>
            )}
          </DialogHeader>
          {summary.isPending && <Skeleton className="h-5 w-3/4" />}
          {summary.isError && (
            <InlineFailure title="Could not count what would be deleted" text={errorText(summary.error)} />
          )}
          {remove.isError && (
            <InlineFailure title="Could not delete your account" text={errorText(remove.error)} />
          )}
          <DialogFooter>
            <Button variant="outline" disabled={remove.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={!summary.isSuccess || remove.isPending} onClick={confirm}>
              {remove.isPending && <Spinner className="size-4" />}
              Delete my account
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
