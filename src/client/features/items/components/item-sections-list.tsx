import type { Goal } from '#shared/api/goals';
import type { ItemSection } from '../lib/item-sections';
import { useDrawnInSteps } from '../lib/use-drawn-in-steps';
import { GoalSection } from './goal-section';
import { HabitsSection } from './habits-section';
import { TodosSection } from './todos-section';

const itemsOf = (section: ItemSection) => section.items.length;

export type ItemSectionsListProps = {
  sections: readonly ItemSection[];
  onAddHabit: () => void;
  onAddTodo: () => void;
  onAddTask: (goal: Goal) => void;
};

/**
 * All Items' sections in order, a long account drawn a screenful at a time (lib/use-drawn-in-steps.ts).
 * The steps are counted here, not in the screen, so a step draws again only the section it adds rows
 * to: the sections compare their props, and the callbacks given here must keep their identity.
 */
export function ItemSectionsList({ sections, onAddHabit, onAddTodo, onAddTask }: ItemSectionsListProps) {
  const drawn = useDrawnInSteps(sections, itemsOf);
  return (
    <div className="flex flex-col gap-3">
      {drawn.map((drawnItems, index) => {
        const section = sections[index];
        if (!section) return null;
        if (section.kind === 'habits')
          return (
            <HabitsSection
              key={section.key}
              habits={section.items}
              drawnItems={drawnItems}
              onAdd={onAddHabit}
            />
          );
        if (section.kind === 'todos')
          return (
            <TodosSection key={section.key} tasks={section.items} drawnItems={drawnItems} onAdd={onAddTodo} />
          );
        return (
          <GoalSection
            key={section.key}
            goal={section.goal}
            tasks={section.items}
            drawnItems={drawnItems}
            onAddTask={onAddTask}
          />
        );
      })}
    </div>
  );
}
