import { describe, expect, it } from 'vitest';
import { GOAL_COLORS } from '#shared/domain/palette';
import { GOAL_COLOR_CLASSES, goalColorClasses } from './goal-colors';

describe('goal colour classes', () => {
  it.each(GOAL_COLORS)('%s has light and dark background, border, preview and accent classes', (color) => {
    const classes = GOAL_COLOR_CLASSES[color];
    for (const part of [classes.background, classes.border, classes.preview, classes.accent]) {
      const [light, dark] = part.split(' ');
      expect(light).toMatch(new RegExp(`^(bg|border|text)-${color}-\\d+`));
      expect(dark).toMatch(new RegExp(`^dark:(bg|border|text)-${color}-\\d+`));
    }
  });

  it('covers exactly the 21 palette colours', () => {
    expect(Object.keys(GOAL_COLOR_CLASSES)).toEqual([...GOAL_COLORS]);
    expect(GOAL_COLORS).toHaveLength(21);
  });

  it.each([
    ['teal', 'teal'],
    ['chartreuse', 'blue'],
    ['', 'blue'],
    [null, 'blue'],
    [undefined, 'blue'],
  ])('%s resolves to %s', (input, expected) => {
    expect(goalColorClasses(input)).toBe(GOAL_COLOR_CLASSES[expected as 'blue']);
  });
});
