import { type CollisionDetection, closestCorners, pointerWithin } from '@dnd-kit/core';

/**
 * Which row a dragged row is over, for lists whose rows differ in height (a field showing its settings
 * is several times taller than one that does not).
 *
 * dnd-kit's usual `closestCenter` compares the dragged row's centre with each row's centre: with a tall
 * row dragged by its handle onto a short one, that centre lies rows further on, and the row lands in the
 * wrong place. A person means the row under the pointer, so mouse and touch use that. The keyboard has
 * no pointer: `sortableKeyboardCoordinates` moves the dragged row to line up an edge with its neighbour's
 * and picks that neighbour by closest corners, so the same measure decides where it is over.
 */
export const rowCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const under = pointerWithin(args);
    if (under.length > 0) return under;
  }
  return closestCorners(args);
};
