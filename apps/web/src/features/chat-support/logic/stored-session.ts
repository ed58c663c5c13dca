/**
 * The visitor's chat session kept in this tab's sessionStorage, so a reload continues the conversation
 * instead of starting a new session (which the admin list would show as a second 'online' visitor).
 * sessionStorage, not localStorage: the session id is the visitor's only credential, and it should end
 * with the tab rather than stay on a shared computer.
 */
export const CHAT_SESSION_STORAGE_KEY = 'chatSupportSession';

export interface StoredChatSession {
  sessionId: string;
  userName: string;
  userEmail: string;
}

/** The same shape the server accepts as a session id; anything else is not worth a call. */
const SESSION_ID = /^[A-Za-z0-9_-]{22,64}$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings: the chat still works, for this page's lifetime.
    return null;
  }
}

export function readChatSession(): StoredChatSession | null {
  const raw = storage()?.getItem(CHAT_SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { sessionId, userName, userEmail } = value as Record<string, unknown>;
    if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) return null;
    if (typeof userName !== 'string' || userName.trim() === '') return null;
    return { sessionId, userName, userEmail: typeof userEmail === 'string' ? userEmail : '' };
  } catch {
    return null;
  }
}

export function saveChatSession(session: StoredChatSession): void {
  try {
    storage()?.setItem(CHAT_SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Full or blocked storage: a reload will start a new chat, as it did before.
  }
}

export function forgetChatSession(): void {
  storage()?.removeItem(CHAT_SESSION_STORAGE_KEY);
}
