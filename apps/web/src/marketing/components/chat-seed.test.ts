// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ROWS } from '../testing/feed';
import { CHAT_SEED_STATE_KEY, chatHref, chatState, readChatSeed } from './chat-seed';

describe('chat seed', () => {
  it('puts the question in the URL and the answer with its row in history state', () => {
    const seed = { question: 'I want to embed', answer: 'Copy it.', row: ROWS[1] };
    expect(chatHref('I want to embed & share')).toBe('/chat?q=I%20want%20to%20embed%20%26%20share');
    expect(readChatSeed(chatState(seed), '?q=ignored')).toEqual(seed);
  });

  it('falls back to the q of the URL, and to nothing', () => {
    expect(readChatSeed(null, '?q=I+want+help')).toEqual({ question: 'I want help' });
    expect(readChatSeed({ [CHAT_SEED_STATE_KEY]: { question: 42 } }, '')).toBeNull();
    expect(readChatSeed(undefined, '?q=%20%20')).toBeNull();
  });

  it('drops a malformed row or an empty answer', () => {
    expect(
      readChatSeed({ [CHAT_SEED_STATE_KEY]: { question: 'Q', answer: '', row: { question: 1 } } }, ''),
    ).toEqual({
      question: 'Q',
    });
  });
});
