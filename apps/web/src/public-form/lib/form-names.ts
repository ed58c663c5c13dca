/**
 * The names of the login-protected forms this tab has shown, so the login page can say which form it
 * opens when the respondent is sent back to it (a token that expired, or was refused at submit). The
 * server shows nothing of a protected form before the login, so a first visit has no name to show; and
 * a name never comes from the address, which anyone could write ('Sign in to open Your bank').
 */
const PREFIX = 'sf-form-name:';

/** Where a blocked third-party frame keeps the names: this page's memory (lib/storage.ts says why). */
const memory = new Map<string, string>();

export const formNames = {
  remember(formId: string, name: string): void {
    try {
      window.sessionStorage.setItem(PREFIX + formId, name);
    } catch {
      memory.set(formId, name);
    }
  },
  recall(formId: string): string | null {
    if (!formId) return null;
    const kept = memory.get(formId);
    if (kept !== undefined) return kept;
    try {
      return window.sessionStorage.getItem(PREFIX + formId);
    } catch {
      return null;
    }
  },
};
