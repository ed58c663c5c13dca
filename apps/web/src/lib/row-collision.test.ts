// @vitest-environment node
import type { ClientRect, CollisionDetection } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { rowCollision } from './row-collision';

type Args = Parameters<CollisionDetection>[0];

function rect(top: number, height: number): ClientRect {
  return { top, height, bottom: top + height, left: 0, right: 400, width: 400 };
}

/** A short row, a tall one (showing its settings) and a short one, stacked with 8 px between them. */
const ROWS = { short: rect(0, 60), tall: rect(68, 300), last: rect(376, 60) };

function argsFor(collisionRect: ClientRect, pointer: { x: number; y: number } | null): Args {
  const droppableRects = new Map(Object.entries(ROWS));
  const droppableContainers = Object.keys(ROWS).map((id) => ({
    id,
    disabled: false,
    rect: { current: null },
  }));
  return {
    active: { id: 'tall' },
    collisionRect,
    droppableRects,
    droppableContainers,
    pointerCoordinates: pointer,
  } as unknown as Args;
}

describe('rowCollision', () => {
  it('is over the row under the pointer, however far the tall dragged row reaches', () => {
    // The tall row dragged by its handle onto the first row: its centre lies past the first row.
    const dragged = rect(-10, 300);
    expect(rowCollision(argsFor(dragged, { x: 20, y: 10 }))[0]?.id).toBe('short');
  });

  it('is over the row the keyboard lined the dragged row up with, even a short row below a tall one', () => {
    // ArrowDown lines the tall row's bottom up with the last row's; its centre and corners stay
    // nearest its own place.
    expect(rowCollision(argsFor(rect(136, 300), null))[0]?.id).toBe('last');
    // ArrowUp lines its top up with the first row's top.
    expect(rowCollision(argsFor(rect(0, 300), null))[0]?.id).toBe('short');
    // Picked up and not moved: its own place.
    expect(rowCollision(argsFor(ROWS.tall, null))[0]?.id).toBe('tall');
  });

  it('falls back to closest corners in the gap between rows and while nothing lines up', () => {
    expect(rowCollision(argsFor(rect(-4, 60), { x: 20, y: 64 }))[0]?.id).toBe('short');
    expect(rowCollision(argsFor(rect(300, 300), null))[0]?.id).toBe('last');
  });
});
