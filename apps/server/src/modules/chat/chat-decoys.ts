import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { CHAT_LIMITS, type ChatMessage } from '@sheetforms/contract';
import type { SinceCursor } from './chat-views.js';

export interface ChatDecoyLimits {
  /** Decoy chats remembered at once; the least recently used is forgotten first. */
  maxSessions: number;
  /** Messages remembered per decoy chat (its newest). */
  maxMessagesPerSession: number;
  /** Characters of messages remembered over all decoy chats. */
  maxChars: number;
}

const DEFAULT_LIMITS: ChatDecoyLimits = {
  maxSessions: 1_000,
  maxMessagesPerSession: 50,
  maxChars: 1_000_000,
};

interface Decoy {
  seq: number;
  messages: ChatMessage[];
  chars: number;
  /** When it started or was last sent a message (a real chat's last activity), in ms. */
  activeAt: number;
  /** Closed for idleness, as a real chat is: it answers as closed until it is forgotten. */
  closed: boolean;
}

/**
 * The chat a bot gets when it fills the honeypot field: from outside it is a chat like any other (the same
 * answers, statuses and events, its messages echoed back and listed by the poll), but nothing of it is
 * stored in the database, published to admins or counted as a visitor. Its session id is a real one's
 * shape (22 base64url characters) whose second half is an HMAC of the first under a server key, so only
 * the server can tell it apart; what it was sent lives in a bounded in-memory LRU, so a bot costs bounded
 * memory and a forgotten decoy simply starts again empty. The LRU's order is last activity (start, post),
 * which is also the order in which decoys go idle, so closing idle ones reads only from its front.
 */
export function createChatDecoys(secret: string | Buffer, limits: ChatDecoyLimits = DEFAULT_LIMITS) {
  // A key of its own: a decoy id is never a valid MAC under any other use of the secret.
  const key = createHmac('sha256', secret).update('sheetforms:chat-decoy').digest();
  const tagOf = (nonce: Buffer) => createHmac('sha256', key).update(nonce).digest().subarray(0, 8);
  const decoys = new Map<string, Decoy>();
  let chars = 0;

  function touch(sessionId: string, at: Date): Decoy {
    let decoy = decoys.get(sessionId);
    if (decoy) decoys.delete(sessionId);
    else decoy = { seq: 0, messages: [], chars: 0, activeAt: 0, closed: false };
    decoy.activeAt = at.getTime();
    decoys.set(sessionId, decoy);
    return decoy;
  }

  function keepBounds() {
    while (decoys.size > limits.maxSessions || (chars > limits.maxChars && decoys.size > 1)) forgetOldest();
  }

  function forgetOldest() {
    const oldest = decoys.keys().next();
    if (oldest.done) return;
    chars -= decoys.get(oldest.value)?.chars ?? 0;
    decoys.delete(oldest.value);
  }

  return {
    /** A new decoy's id; remembered from now, as a real chat's idle time counts from its start. */
    start(at: Date): string {
      const nonce = randomBytes(8);
      const sessionId = Buffer.concat([nonce, tagOf(nonce)]).toString('base64url');
      touch(sessionId, at);
      keepBounds();
      return sessionId;
    },

    /** Whether the id is one this server issued as a decoy (constant time in the tag). */
    owns(sessionId: string): boolean {
      if (sessionId.length !== 22) return false;
      const bytes = Buffer.from(sessionId, 'base64url');
      if (bytes.length !== 16 || bytes.toString('base64url') !== sessionId) return false;
      return timingSafeEqual(bytes.subarray(8), tagOf(bytes.subarray(0, 8)));
    },

    /**
     * The visitor's message as a real chat would answer it; remembered for the poll, never stored.
     * Undefined when the decoy was closed for idleness (a real chat answers 409 then).
     */
    post(sessionId: string, text: string, at: Date): ChatMessage | undefined {
      if (decoys.get(sessionId)?.closed) return undefined;
      const decoy = touch(sessionId, at);
      decoy.seq += 1;
      const message: ChatMessage = {
        _id: randomUUID(),
        text,
        sender: 'user',
        timestamp: at.toISOString(),
        seq: decoy.seq,
      };
      decoy.messages.push(message);
      decoy.chars += text.length;
      chars += text.length;
      while (decoy.messages.length > limits.maxMessagesPerSession) {
        const dropped = decoy.messages.shift();
        decoy.chars -= dropped?.text.length ?? 0;
        chars -= dropped?.text.length ?? 0;
      }
      keepBounds();
      return message;
    },

    /**
     * The remembered messages after a cursor, as the database would answer them; undefined when the cursor
     * names a message this decoy does not have (a real chat answers 400 then).
     */
    messagesAfter(
      sessionId: string,
      cursor: Exclude<SinceCursor, { kind: 'invalid' }>,
    ): ChatMessage[] | undefined {
      const messages = decoys.get(sessionId)?.messages ?? [];
      let after: (message: ChatMessage) => boolean;
      switch (cursor.kind) {
        case 'none':
          after = () => true;
          break;
        case 'seq':
          after = (message) => message.seq > cursor.seq;
          break;
        case 'instant':
          after = (message) => message.timestamp > cursor.iso;
          break;
        case 'message': {
          const named = messages.find((message) => message._id === cursor.id);
          if (!named) return undefined;
          after = (message) => message.seq > named.seq;
          break;
        }
      }
      return messages.filter(after).slice(0, CHAT_LIMITS.pageMax);
    },

    status(sessionId: string): 'active' | 'closed' {
      return decoys.get(sessionId)?.closed ? 'closed' : 'active';
    },

    /**
     * Closes the decoys with no activity since `before` (as the sweep closes idle real chats) and answers
     * their ids. Closed ones stay remembered (and bounded) like any other, so they go on answering closed.
     */
    closeIdle(before: Date): string[] {
      const closed: string[] = [];
      for (const [sessionId, decoy] of decoys) {
        if (decoy.activeAt >= before.getTime()) break;
        if (decoy.closed) continue;
        decoy.closed = true;
        closed.push(sessionId);
      }
      return closed;
    },

    /** How many decoys and characters are remembered (for tests of the bounds). */
    size(): { sessions: number; chars: number } {
      return { sessions: decoys.size, chars };
    },
  };
}

export type ChatDecoys = ReturnType<typeof createChatDecoys>;
