import Plus from 'lucide-react/icons/plus';
import Repeat from 'lucide-react/icons/repeat';
import { memo } from 'react';
import type { Habit } from '#shared/api/habits';
import { Button } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/tooltip';
import { notifyError } from '../../../lib/notify-error';
import { useReorderHabits } from '../api/reorder-habits';
import { settle } from '../lib/settle';
import { HabitCard } from './habit-card';
import { SectionEmpty, SectionShell } from './section-shell';
import { SortableList } from './sortable-list';

const getId = (habit: Habit) => habit.id;
const getLabel = (habit: Habit) => habit.title;

export type HabitsSectionProps = {
  habits: Habit[];
  /** How many of the habits are drawn yet, while a long list is drawn in steps (all when undefined). */
  drawnItems?: number;
  onAdd: () => void;
};

/** The Habits section, purple, "Build positive daily routines" (docs/product.md#all-items-screen). */
export const HabitsSection = memo(function HabitsSection({ habits, drawnItems, onAdd }: HabitsSectionProps) {
  const reorder = useReorderHabits();
  return (
    <SectionShell
      title="Habits"
      description="Build positive daily routines"
      color="purple"
      icon={<Repeat />}
      count={habits.length}
      actions={
        <IconTooltip label="Add habit">
          <Button variant="ghost" size="icon" onClick={onAdd}>
            <Plus aria-hidden />
          </Button>
        </IconTooltip>
      }
    >
      {habits.length === 0 ? (
        <SectionEmpty
          text="No habits yet"
          action={
            <Button variant="outline" size="sm" onClick={onAdd}>
              <Plus aria-hidden />
              Add your first habit
            </Button>
          }
        />
      ) : (
        <SortableList
          label="Habits"
          items={habits}
          drawn={drawnItems}
          getId={getId}
          getLabel={getLabel}
          onReorder={(orderedIds) =>
            settle(
              reorder,
              { orderedIds },
              { onError: (error) => notifyError('Could not save the new order', error) },
            )
          }
          renderItem={(habit, controls) => <HabitCard habit={habit} {...controls} />}
        />
      )}
    </SectionShell>
  );
});
