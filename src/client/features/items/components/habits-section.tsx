import { memo } from 'react';
import type { Habit } from '#shared/api/habits';
import Plus from '~icons/lucide/plus';
import Repeat from '~icons/lucide/repeat';
import { Button } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/tooltip';
import { useReorderHabits } from '../api/reorder-habits';
import { HabitCard } from './habit-card';
import { SectionItems } from './section-items';
import { SectionShell } from './section-shell';

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
      <SectionItems
        label="Habits"
        items={habits}
        drawn={drawnItems}
        reorder={(orderedIds) => reorder.mutateAsync({ orderedIds })}
        renderItem={(habit, controls) => <HabitCard habit={habit} {...controls} />}
        empty={{ text: 'No habits yet', addLabel: 'Add your first habit', onAdd }}
      />
    </SectionShell>
  );
});
