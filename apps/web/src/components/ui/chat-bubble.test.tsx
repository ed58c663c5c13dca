import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatBubble } from './chat-bubble';

function bubbleOf(text: string): HTMLElement {
  const bubble = screen.getByText(text).closest('div');
  if (!bubble) throw new Error('no bubble');
  return bubble;
}

describe('ChatBubble', () => {
  it('gives each state one colour set: a pending or failed message never keeps white text on a pale fill', () => {
    render(
      <>
        <ChatBubble side="own" author="You">
          Sent
        </ChatBubble>
        <ChatBubble side="own" author="You" pending>
          Sending
        </ChatBubble>
        <ChatBubble side="own" author="You" failed>
          Not delivered
        </ChatBubble>
      </>,
    );
    expect(bubbleOf('Sent').className).toContain('bg-emerald-700 text-white');
    for (const text of ['Sending', 'Not delivered']) {
      const classes = bubbleOf(text).className.split(' ');
      expect(classes, text).not.toContain('text-white');
      expect(classes, text).not.toContain('bg-emerald-700');
      expect(
        classes.some((name) => name.startsWith('opacity-')),
        text,
      ).toBe(false);
    }
  });
});
