import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * The keyboard moves a lifted task a whole day at a time: down (or right) to the next day, up (or left)
 * to the one before, by the centre of that day's area on screen (docs/product.md#upcoming-screen).
 */
export const dayKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const forward = event.code === KeyboardCode.Down || event.code === KeyboardCode.Right;
  const backward = event.code === KeyboardCode.Up || event.code === KeyboardCode.Left;
  if (!forward && !backward) return undefined;
  event.preventDefault();
  const { droppableRects, droppableContainers, collisionRect, over } = context;
  const areas = droppableContainers
    .getEnabled()
    .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
    .filter((area): area is { id: string; rect: NonNullable<typeof area.rect> } => area.rect !== undefined)
    .sort((a, b) => a.rect.top - b.rect.top);
  if (areas.length === 0) return undefined;
  const here = over ? areas.findIndex((area) => area.id === over.id) : -1;
  const start =
    here >= 0
      ? here
      : // Not over a day yet: the one the task's own centre is nearest to.
        areas.reduce((best, area, index) => {
          const centre = (collisionRect?.top ?? currentCoordinates.y) + (collisionRect?.height ?? 0) / 2;
          const distance = Math.abs(area.rect.top + area.rect.height / 2 - centre);
          const bestRect = areas[best]!.rect;
          return distance < Math.abs(bestRect.top + bestRect.height / 2 - centre) ? index : best;
        }, 0);
  const target = areas[Math.min(areas.length - 1, Math.max(0, start + (forward ? 1 : -1)))]!;
  const height = collisionRect?.height ?? 0;
  const width = collisionRect?.width ?? 0;
  return {
    x: target.rect.left + target.rect.width / 2 - width / 2,
    y: target.rect.top + target.rect.height / 2 - height / 2,
  };
};
