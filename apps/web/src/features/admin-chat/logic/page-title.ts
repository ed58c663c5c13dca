import { CHAT_MESSAGES, type ChatSessionSummary } from '@sheetforms/contract';

/** The app's page titles: '{page} – SheetForms'. */
const APP_TITLE_SUFFIX = ' – SheetForms';

/** Unread visitor messages over the listed chats. */
export function unreadTotal(sessions: readonly ChatSessionSummary[] | undefined): number {
  return (sessions ?? []).reduce((total, session) => total + Math.max(0, session.unreadCount), 0);
}

/** The browser tab's title: the unread count first when there is any, so it shows in a narrow tab. */
export function chatPageTitle(unread: number): string {
  const base = `${CHAT_MESSAGES.adminTitle}${APP_TITLE_SUFFIX}`;
  if (unread <= 0) return base;
  return `(${unread > 99 ? '99+' : unread}) ${base}`;
}
