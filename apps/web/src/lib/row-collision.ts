import { type Collision, type CollisionDetection, closestCorners, pointerWithin } from '@dnd-kit/core';

/** How far apart two edges may be and still be lined up (rects are measured in fractional pixels). */
const EDGE_TOLERANCE_PX = 2;

type CollisionArgs = Parameters<CollisionDetection>[0];

/**
 * The row the keyboard moved the dragged row onto. `sortableKeyboardCoordinates` places a row moved up
 * with its top on the target row's top, and a row moved down with its bottom on the target's bottom, so
 * the target is the row with an edge lined up (the dragged row's own place lines up both). Measured by
 * centres or corners instead, a tall row moved down past a short one stays nearest its own place.
 */
function keyboardTarget({ collisionRect, droppableRects, droppableContainers }: CollisionArgs): Collision[] {
  let best: { collision: Collision; offset: number } | undefined;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect || container.disabled) continue;
    const topOffset = Math.abs(rect.top - collisionRect.top);
    const bottomOffset = Math.abs(rect.bottom - collisionRect.bottom);
    if (Math.min(topOffset, bottomOffset) > EDGE_TOLERANCE_PX) continue;
    const offset = topOffset + bottomOffset;
    if (!best || offset < best.offset) {
      best = {
        collision: { id: container.id, data: { droppableContainer: container, value: offset } },
        offset,
      };
    }
  }
  return best ? [best.collision] : [];
}

/**
 * Which row a dragged row is over, for lists whose rows differ in height (a field showing its settings
 * is several times taller than one that does not).
 *
 * dnd-kit's usual `closestCenter` compares the dragged row's centre with each row's centre: with a tall
 * row dragged by its handle onto a short one, that centre lies rows further on, and the row lands in the
 * wrong place. A person means the row under the pointer, so mouse and touch use that; the keyboard has
 * no pointer and uses the row it lined the dragged row up with. Closest corners covers the rest (the
 * pointer in the gap between rows, the page still scrolling).
 */
export const rowCollision: CollisionDetection = (args) => {
  const found = args.pointerCoordinates ? pointerWithin(args) : keyboardTarget(args);
  return found.length > 0 ? found : closestCorners(args);
};
