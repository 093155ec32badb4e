import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

/** Deleting a goal also deletes its tasks, so it is confirmed first (docs/product.md#all-items-screen). */
export function DeleteGoalDialog({
  open,
  onOpenChange,
  goalTitle,
  taskCount,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  goalTitle: string;
  taskCount: number;
  pending: boolean;
  onConfirm: () => void;
}) {
  const tasks = taskCount === 1 ? 'its 1 task' : `its ${taskCount} tasks`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete goal?</DialogTitle>
          <DialogDescription>
            “{goalTitle}” and {tasks} will be deleted. This can’t be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending && <Spinner className="size-4" />}
            Delete goal
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
