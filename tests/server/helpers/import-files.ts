import { randomUUID } from 'node:crypto';

/**
 * An import file (the export's format, version 3) of `count` habits, each with the same completed days
 * and nothing else: what the import's heavy path is measured and tested with.
 */
export function habitsImportFile(count: number, completedDays: readonly string[]) {
  return {
    format: 'stride-export',
    version: 3,
    goals: [],
    tasks: [],
    habits: Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      title: `Habit ${i}`,
      repeat: null,
      repeatStart: null,
      timesPerWeek: null,
      remindAt: null,
      isToday: false,
      todaySortOrder: 0,
      sortOrder: i,
      completedDays,
    })),
  };
}
