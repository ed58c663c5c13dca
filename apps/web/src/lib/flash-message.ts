/**
 * A toast carried across a full page load, for the moments the user moves between the two web apps (the
 * prerendered public pages and the dashboard): 'Google sign-in successful' shows on the dashboard it
 * leads to, 'Logged out successfully' on the home page the dashboard's logout returns to. Kept in
 * sessionStorage, read once.
 */
const FLASH_KEY = 'sheetforms:flash';

export interface FlashMessage {
  kind: 'success' | 'error';
  text: string;
}

export function setFlashMessage(message: FlashMessage): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(message));
  } catch {
    // Storage may be unavailable (private mode quotas): the toast is a courtesy.
  }
}

/** The waiting message, if any, removed as it is read. */
export function takeFlashMessage(): FlashMessage | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const { kind, text } = (parsed ?? {}) as { kind?: unknown; text?: unknown };
    if ((kind === 'success' || kind === 'error') && typeof text === 'string' && text !== '') {
      return { kind, text: text.slice(0, 500) };
    }
  } catch {
    // An unreadable entry is dropped.
  }
  return null;
}
